// /admin/categories (organizers and owners): the site's categories, one name a line, in the order the
// dropdowns show them; a contest may offer its own list instead (its form). Saving takes effect at once.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { CATEGORY_LIMITS } from '#contract/profiles/constants';
import { CATEGORY_MESSAGES as C } from '#contract/profiles/messages';
import { categoryListSchema } from '#contract/profiles/requests';
import { TextAreaField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetSiteCategoriesQuery, useSaveSiteCategoriesMutation } from '../api/site-content';

const toLines = (names: readonly string[]) => names.join('\n');
const fromLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function AdminCategoriesPage() {
  const { data, isLoading, error, refetch } = useGetSiteCategoriesQuery();
  const [save, { isLoading: saving }] = useSaveSiteCategoriesMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useLingui();
  const ct = useContractText();
  useEffect(() => {
    if (data) setText(toLines(data.categories));
  }, [data]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const names = fromLines(text);
    const check = categoryListSchema.safeParse(names);
    if (!check.success) {
      setProblem(ct(check.error.issues[0]?.message ?? C.listSize));
      return;
    }
    try {
      const saved = await save({ categories: check.data }).unwrap();
      setText(toLines(saved.categories));
      notify.success(ct(C.saved));
    } catch (err) {
      const items = validationItems(err);
      const message = ct(items ? joinMessages(items) : (errorDetail(err) ?? C.saveFailed));
      setProblem(message);
      notify.error(message);
    }
  };

  let body;
  if (isLoading) body = <Skeleton className="h-48 w-full" />;
  else if (!data) {
    body = (
      <ErrorPanel message={ct(errorDetail(error) ?? C.loadFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else {
    const count = fromLines(text).length;
    const max = CATEGORY_LIMITS.max;
    const nameMax = CATEGORY_LIMITS.nameMax;
    body = (
      <form
        noValidate
        aria-label={ct(C.title)}
        onSubmit={asyncHandler(onSubmit)}
        className="space-y-5 rounded-xl border border-night-700 bg-night-900/90 p-6 sm:p-8"
      >
        <TextAreaField
          label={t`Categories, one per line`}
          required
          rows={Math.min(12, Math.max(5, count + 1))}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={problem ?? undefined}
          hint={t`${count} of at most ${max}; each at most ${nameMax} characters. Profiles keep a removed category until their owner picks another.`}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? t`Saving...` : t`Save Categories`}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <PageSection width="max-w-3xl">
      <PageHeader
        title={ct(C.title)}
        subtitle={<Trans>What registration and every contest without a list of its own offer. A contest's form may set its own categories.</Trans>}
      />
      {body}
    </PageSection>
  );
}
