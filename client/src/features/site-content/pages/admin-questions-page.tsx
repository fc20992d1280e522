// /admin/profile-questions (organizers and owners): the active questions in order, each with Edit, Move
// up, Move down and Retire buttons; the retired ones below with Restore; a form to add one (last). Every
// change answers the whole list and takes effect at once in the forms and on the profiles.
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import type { ProfileQuestion } from '#contract/questions/answers';
import { QUESTION_MESSAGES as Q } from '#contract/questions/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useCreateQuestionMutation, useGetAdminQuestionsQuery, useMoveQuestionMutation, useUpdateQuestionMutation } from '../api/site-content';
import { QuestionForm, type QuestionValues } from '../components/question-form';

/** A failed call in words (in the app's language: `ct`): the 422 list joined, a detail as it is, or the page's own failure. */
const failureOf = (error: unknown, ct: (text: string) => string = contractText) => {
  const items = validationItems(error);
  return ct(items ? joinMessages(items) : (errorDetail(error) ?? Q.saveFailed));
};

function QuestionRow({ question, index, count }: { question: ProfileQuestion; index: number; count: number }) {
  const [editing, setEditing] = useState(false);
  const [update, { isLoading: updating }] = useUpdateQuestionMutation();
  const [move, { isLoading: moving }] = useMoveQuestionMutation();
  const busy = updating || moving;
  const { t } = useLingui();
  const ct = useContractText();
  const label = question.label;
  const publicLabel = question.public_label;
  const maxLength = question.max_length;
  const key = question.key;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(ct(done));
    } catch (error) {
      notify.error(failureOf(error, ct));
    }
  };
  const save = async ({ label, public_label, help, required, max_length }: QuestionValues) => {
    try {
      await update({ id: question.id, label, public_label, help, required, max_length }).unwrap();
      notify.success(ct(Q.saved));
      setEditing(false);
      return null;
    } catch (error) {
      return failureOf(error, ct);
    }
  };

  return (
    <li className="rounded-xl border border-night-700 bg-night-900/90 p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold text-bone-50">{question.label}</h3>
          <p className="mt-1 text-sm text-bone-300">
            <Trans>
              Public title: {publicLabel} · key <code>{key}</code> · up to {maxLength} characters
            </Trans>
          </p>
          <div className="mt-2 flex gap-2">
            {question.required ? (
              <Badge tone="amber">
                <Trans>Required</Trans>
              </Badge>
            ) : (
              <Badge tone="gray">
                <Trans>Optional</Trans>
              </Badge>
            )}
            {question.retired ? (
              <Badge tone="gray">
                <Trans>Retired</Trans>
              </Badge>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {question.retired ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => void run(() => update({ id: question.id, retired: false }).unwrap(), Q.restored)}
            >
              <Trans>Restore</Trans>
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                size="sm"
                aria-label={t`Move "${label}" up`}
                disabled={busy || index === 0}
                onClick={() => void run(() => move({ id: question.id, direction: 'up' }).unwrap(), Q.moved)}
              >
                <ArrowUp aria-hidden="true" className="size-4" /> <Trans>Up</Trans>
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={t`Move "${label}" down`}
                disabled={busy || index === count - 1}
                onClick={() => void run(() => move({ id: question.id, direction: 'down' }).unwrap(), Q.moved)}
              >
                <ArrowDown aria-hidden="true" className="size-4" /> <Trans>Down</Trans>
              </Button>
              <Button variant="outline" size="sm" aria-expanded={editing} disabled={busy} onClick={() => setEditing((e) => !e)}>
                <Trans>Edit</Trans>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => void run(() => update({ id: question.id, retired: true }).unwrap(), Q.retired)}
              >
                <Trans>Retire</Trans>
              </Button>
            </>
          )}
        </div>
      </div>
      {editing ? (
        <div className="mt-5 border-t border-night-700 pt-5">
          <QuestionForm question={question} submitLabel={t`Save Question`} onSave={save} onCancel={() => setEditing(false)} />
        </div>
      ) : null}
    </li>
  );
}

export function AdminQuestionsPage() {
  const { data, isLoading, error, refetch } = useGetAdminQuestionsQuery();
  const [create] = useCreateQuestionMutation();
  const active = data?.filter((q) => !q.retired) ?? [];
  const retired = data?.filter((q) => q.retired) ?? [];
  const { t } = useLingui();
  const ct = useContractText();

  const add = async (values: QuestionValues) => {
    try {
      await create(values).unwrap();
      notify.success(ct(Q.created));
      return null;
    } catch (err) {
      return failureOf(err, ct);
    }
  };

  let list;
  if (isLoading) list = <TableSkeleton columns={3} rows={4} />;
  else if (!data) {
    list = (
      <ErrorPanel message={ct(errorDetail(error) ?? Q.loadFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (active.length === 0) {
    list = <p className="rounded-xl border border-night-700 bg-night-900/80 p-8 text-center text-bone-200">{ct(Q.empty)}</p>;
  } else {
    list = (
      <ol className="space-y-3" aria-label={t`Active questions`}>
        {active.map((q, i) => (
          <QuestionRow key={q.id} question={q} index={i} count={active.length} />
        ))}
      </ol>
    );
  }

  return (
    <PageSection width="max-w-4xl">
      <PageHeader
        title={ct(Q.title)}
        subtitle={<Trans>What contestants answer on their profile, in this order. Required questions are also asked at registration.</Trans>}
      />
      <div className="space-y-10">
        <section aria-labelledby="active-questions-heading">
          <h2 id="active-questions-heading" className="mb-4 font-display text-xl font-bold text-bone-50">
            <Trans>Active questions</Trans>
          </h2>
          {list}
        </section>
        {retired.length ? (
          <section aria-labelledby="retired-questions-heading">
            <h2 id="retired-questions-heading" className="mb-2 font-display text-xl font-bold text-bone-50">
              <Trans>Retired questions</Trans>
            </h2>
            <p className="mb-4 text-sm text-bone-300">
              <Trans>Hidden from the forms and the profiles; their answers are kept.</Trans>
            </p>
            <ul className="space-y-3">
              {retired.map((q, i) => (
                <QuestionRow key={q.id} question={q} index={i} count={retired.length} />
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="add-question-heading" className="rounded-xl border border-night-700 bg-night-900/90 p-6 sm:p-8">
          <h2 id="add-question-heading" className="mb-4 font-display text-xl font-bold text-bone-50">
            <Trans>Add a question</Trans>
          </h2>
          <QuestionForm submitLabel={t`Add Question`} onSave={add} />
        </section>
      </div>
    </PageSection>
  );
}
