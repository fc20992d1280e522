// The contact form: topic, name, e-mail and
// message, checked with the contract's schema (the server checks the same one). A signed-in user's name
// and e-mail are filled in and kept after sending. `website` is a honeypot: off-screen, hidden from
// assistive technology and out of the Tab order, so only bots fill it in (the server drops those).
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SUPPORT_LIMITS, SUPPORT_TOPICS } from '#contract/support/constants';
import { SUPPORT_TOPIC_LABELS, SUPPORT_MESSAGES as M } from '#contract/support/messages';
import { type SupportContact, supportContactSchema } from '#contract/support/requests';
import { SelectField, TextAreaField, TextField } from '@/components/form/inputs';
import { useHydrated } from '@/hooks/use-hydrated';
import { Button } from '@/components/ui/button';
import { errorDetail, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { useContractText } from '@/lib/i18n/contract-text';
import { asyncHandler } from '@/lib/async-handler';
import { selectAuth } from '@/lib/auth/auth-slice';
import { formatCount } from '@/lib/numbers';
import { useAppSelector } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useSendSupportMessageMutation } from '../api/send-support-message';

/** The select starts on its placeholder (''), which the contract's topic rule refuses with its message. */
const formSchema = supportContactSchema.extend({ topic: z.string().pipe(supportContactSchema.shape.topic) });
type FormValues = z.input<typeof formSchema>;

interface Identity {
  name: string;
  email: string;
}

/** The signed-in user's name (first and last when known, else the username) and e-mail; blank for a visitor. */
function useIdentity(): Identity {
  const auth = useAppSelector(selectAuth);
  const username = auth.user?.username ?? '';
  const { data: me } = useGetCurrentUserQuery(username, { skip: !username });
  return useMemo(() => {
    if (!auth.user) return { name: '', email: '' };
    const full = me ? `${me.first_name ?? ''} ${me.last_name ?? ''}`.trim() : '';
    return { name: full || auth.user.username, email: me?.email || auth.user.email };
  }, [auth.user, me]);
}

const FIELDS = ['topic', 'name', 'email', 'message'] as const;

const blank = (identity: Identity): FormValues => ({ topic: '', name: identity.name, email: identity.email, message: '', website: '' });

export function SupportForm() {
  const identity = useIdentity();
  const [send, { isLoading: sending }] = useSendSupportMessageMutation();
  const honeypotId = useId();
  const { register, handleSubmit, reset, formState, watch, getValues, setValue, setError } = useForm<FormValues, unknown, SupportContact>({
    resolver: zodResolver(formSchema),
    defaultValues: blank(identity),
  });
  const { errors } = formState;
  const { t } = useLingui();
  const ct = useContractText();
  /** A field's message (the contract's schema, or the server's) in the app's language. */
  const fieldError = (message: string | undefined) => (message ? ct(message) : undefined);

  // The identity arrives after the first render (the profile is fetched): fill in what is still what
  // was filled in before (blank, or the username), never over what the user typed.
  const filled = useRef<Identity>(identity);
  useEffect(() => {
    const before = filled.current;
    filled.current = identity;
    if (getValues('name') === before.name && identity.name !== before.name) setValue('name', identity.name);
    if (getValues('email') === before.email && identity.email !== before.email) setValue('email', identity.email);
  }, [identity, getValues, setValue]);

  const onValid = async (values: SupportContact) => {
    try {
      await send(values).unwrap();
      notify.success(ct(M.sent));
      reset(blank(filled.current));
    } catch (error) {
      // A 422's messages go under their fields, as the form's own checks do; anything else is a toast.
      const items = validationItems(error);
      const rest = items ? applyFieldErrors(items, setError, FIELDS) : [];
      if (items && !rest.length) return;
      const detail = errorDetail(error);
      notify.error(detail ? ct(detail) : rest.length ? rest.map((i) => ct(i.msg)).join(', ') : ct(M.failed));
    }
  };

  const hydrated = useHydrated();
  const length = watch('message')?.length ?? 0;
  const typed = formatCount(length);
  const most = formatCount(SUPPORT_LIMITS.messageMax);
  return (
    <form noValidate aria-label={t`Contact support`} onSubmit={asyncHandler(handleSubmit(onValid))} className="relative">
      {/* A page drawn on the server takes input once it has hydrated: before, nothing would handle it. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        <SelectField label={t`Topic`} required error={fieldError(errors.topic?.message)} {...register('topic')}>
          <option value="">
            <Trans>Select a topic</Trans>
          </option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {ct(SUPPORT_TOPIC_LABELS[topic])}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t`Name`}
            autoComplete="name"
            required
            maxLength={SUPPORT_LIMITS.nameMax}
            error={fieldError(errors.name?.message)}
            {...register('name')}
          />
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={fieldError(errors.email?.message)}
            {...register('email')}
          />
        </div>
        <TextAreaField
          label={t`Message`}
          required
          rows={6}
          maxLength={SUPPORT_LIMITS.messageMax}
          error={fieldError(errors.message?.message)}
          hint={t`${typed}/${most} characters`}
          {...register('message')}
        />
        {/* The honeypot: people never see or reach it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={honeypotId}>
            <Trans>Website</Trans>
          </label>
          <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        <Button type="submit" size="lg" disabled={sending} aria-busy={sending} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="size-4" /> {sending ? t`Sending...` : t`Send Message`}
        </Button>
      </fieldset>
    </form>
  );
}
