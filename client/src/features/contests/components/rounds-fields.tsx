// The rounds of the contest form: up to three, each with a name, an end and (but the last) a cut;
// closed rounds are shown read-only; the winners field appears once there is a round, and whether votes
// carry over once there are two (fixed once a round has closed).
import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import type { ContestInput } from '#contract/contests/requests';
import { CARRY_VOTES_TEXT, MAX_ROUNDS, MAX_WINNERS } from '#contract/contests/round-rules';
import { CheckboxField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { useContractText } from '@/lib/i18n/contract-text';

interface Props {
  control: Control<ContestInput>;
  register: UseFormRegister<ContestInput>;
  setValue: UseFormSetValue<ContestInput>;
  errors: FieldErrors<ContestInput>;
  /** The first rounds that have closed: they can no longer change. */
  closedCount: number;
  /** The contest's time zone, which the ends are entered in. */
  zone: string;
}

/** A round's number input: digits, as text (the schema reads it). */
const numberProps = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const;

export function RoundsFields({ control, register, setValue, errors, closedCount, zone }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'rounds' });
  const roundErrors = Array.isArray(errors.rounds) ? errors.rounds : [];
  const { t } = useLingui();
  const ct = useContractText();
  // A field's problem (the contract's words) in the reader's language.
  const problem = (text: string | undefined) => (text ? ct(text) : undefined);
  const maxRounds = MAX_ROUNDS;
  const maxWinners = MAX_WINNERS;

  const removeRound = (index: number) => {
    remove(index);
    // The round that becomes last names the winners: it keeps no cut.
    if (index === fields.length - 1 && index > 0) {
      setValue(`rounds.${index - 1}.advance_per_group`, '');
      setValue(`rounds.${index - 1}.advance_total`, '');
    }
  };

  return (
    <fieldset className="space-y-4" aria-describedby="rounds-help">
      <legend className="mb-1 text-sm font-medium text-bone-200">
        <Trans>Rounds</Trans>
      </legend>
      <p id="rounds-help" className="text-sm text-bone-400">
        <Trans>
          Optional. Each round ends at its time and cuts the field by itself: the top contestants of each group, or of the whole contest, go on; the others are
          eliminated (everyone tied at the cut goes on). The last round names the winners, and the contest ends with it.
        </Trans>
      </p>
      {!Array.isArray(errors.rounds) && errors.rounds?.message ? (
        <p role="alert" className="text-sm text-blood-300">
          {ct(errors.rounds.message)}
        </p>
      ) : null}
      {fields.map((field, index) => {
        const closed = index < closedCount;
        const last = index === fields.length - 1;
        const e = roundErrors[index];
        const number = index + 1;
        return (
          <fieldset key={field.id} className="space-y-4 rounded-lg border border-night-700 p-4">
            <legend className="px-1 text-sm font-semibold text-bone-100">{closed ? t`Round ${number} (closed)` : t`Round ${number}`}</legend>
            {e?.message ? (
              <p role="alert" className="text-sm text-blood-300">
                {ct(e.message)}
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t`Round name`}
                required
                readOnly={closed}
                autoComplete="off"
                error={problem(e?.name?.message)}
                {...register(`rounds.${index}.name`)}
              />
              <TextField
                label={t`Ends`}
                type="datetime-local"
                required
                readOnly={closed}
                hint={t`Time in ${zone}`}
                error={problem(e?.ends_at?.message)}
                {...register(`rounds.${index}.ends_at`)}
              />
            </div>
            {last ? (
              <p className="text-sm text-bone-400">
                <Trans>The last round names the winners.</Trans>
                {e?.advance_per_group?.message ? <span className="block text-blood-300">{ct(e.advance_per_group.message)}</span> : null}
              </p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t`Top N of each group go on`}
                  readOnly={closed}
                  error={problem(e?.advance_per_group?.message)}
                  hint={t`Fill this or the next`}
                  {...numberProps}
                  {...register(`rounds.${index}.advance_per_group`)}
                />
                <TextField
                  label={t`Or: top N of the contest go on`}
                  readOnly={closed}
                  error={problem(e?.advance_total?.message)}
                  {...numberProps}
                  {...register(`rounds.${index}.advance_total`)}
                />
              </div>
            )}
            {closed ? null : (
              <div className="flex justify-end">
                <Button type="button" variant="outline" onClick={() => removeRound(index)} aria-label={t`Remove round ${number}`}>
                  <Trans>Remove round</Trans>
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        {fields.length < MAX_ROUNDS ? (
          <Button type="button" variant="outline" onClick={() => append({ name: '', ends_at: '', advance_per_group: '', advance_total: '' })}>
            <Trans>Add round</Trans>
          </Button>
        ) : (
          <p className="text-sm text-bone-400">
            <Trans>A contest has at most {maxRounds} rounds.</Trans>
          </p>
        )}
        {fields.length ? (
          <TextField
            label={t`Winners`}
            required
            max={MAX_WINNERS}
            hint={t`1 to ${maxWinners}, named when the last round ends`}
            fieldClassName="sm:max-w-xs"
            error={problem(errors.winners?.message)}
            {...numberProps}
            {...register('winners')}
          />
        ) : null}
      </div>
      {fields.length >= 2 ? (
        <div className="space-y-1">
          <CheckboxField label={ct(CARRY_VOTES_TEXT.label)} disabled={closedCount > 0} aria-describedby="carry-votes-help" {...register('carry_votes')} />
          <p id="carry-votes-help" className="text-sm text-bone-400">
            {closedCount > 0
              ? t`A round has closed: the way votes count stays as it is.`
              : t`Off: each cut starts the next round at zero for everyone, and the next cut ranks only that round’s votes.`}
          </p>
          {errors.carry_votes?.message ? (
            <p role="alert" className="text-sm text-blood-300">
              {ct(errors.carry_votes.message)}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
