// Registration: the server's zod schema checks the fields, the picture count rule checks the uploader,
// the required profile questions' rules check their answers, and the answer's errors land where the user looks.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { pictureCountSchema, registrationFieldsSchema } from '#contract/auth/requests';
import { PICTURES } from '#contract/profiles/constants';
import { answerProblems } from '#contract/questions/rules';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { useGetProfileQuestionsQuery } from '@/lib/api/profile-questions';
import { useSiteCategories } from '@/lib/api/site';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { registrationEmailStorage } from '@/lib/storage';
import { useRegisterContestantMutation } from '../api/register-contestant';
import type { PictureItem } from '../utils/picture-files';
import { handleRegistrationError } from '../utils/registration-error';
import { PictureUploader } from './picture-uploader';
import { RegistrationFields, type RegistrationValues } from './registration-fields';
import { RequiredAnswers } from './required-answers';

type RegistrationOutput = z.output<typeof registrationFieldsSchema>;
const FIELDS = Object.keys(registrationFieldsSchema.shape);

const pictureError = (count: number) => pictureCountSchema.safeParse(count).error?.issues[0]?.message;

export function RegistrationForm() {
  const [registerContestant, { isLoading }] = useRegisterContestantMutation();
  const navigate = useNavigate();
  const [pictures, setPictures] = useState<PictureItem[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [serverPictureError, setServerPictureError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<RegistrationValues, unknown, RegistrationOutput>({
    resolver: zodResolver(registrationFieldsSchema),
  });
  const categories = useSiteCategories();
  const { t } = useLingui();
  const ct = useContractText();
  // Only the required questions are asked here (none when the list cannot be read: the server checks again).
  const required = (useGetProfileQuestionsQuery().data ?? []).filter((q) => q.required);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const answerErrors = attempted ? Object.fromEntries(answerProblems(required, answers).map((p) => [p.key, p.message])) : {};

  // The count rule shows once the user tried to submit, or at once when there are too many.
  const countError = attempted || pictures.length > PICTURES.max ? pictureError(pictures.length) : undefined;

  const onValid = async (fields: RegistrationOutput) => {
    setFormError(null);
    setServerPictureError(undefined);
    if (pictureError(pictures.length) || answerProblems(required, answers).length) return;
    const given = Object.fromEntries(required.map((q) => [q.key, answers[q.key] ?? '']));
    try {
      const answer = await registerContestant({
        fields: required.length ? { ...fields, answers: JSON.stringify(given) } : fields,
        pictures: pictures.map((p) => p.file),
      }).unwrap();
      registrationEmailStorage.set(answer.email || fields.email);
      navigate(paths.registrationSuccess());
    } catch (error) {
      const result = handleRegistrationError(error, setError, FIELDS, ct);
      setFormError(result.general);
      setServerPictureError(result.pictures);
    }
  };

  return (
    <form
      noValidate
      onSubmit={asyncHandler((event) => {
        setAttempted(true);
        return handleSubmit(onValid)(event);
      })}
      className="space-y-6"
    >
      <RegistrationFields register={register} errors={formState.errors} categories={categories} />
      <RequiredAnswers questions={required} values={answers} errors={answerErrors} onChange={(key, value) => setAnswers((a) => ({ ...a, [key]: value }))} />
      <PictureUploader
        items={pictures}
        onChange={(next) => {
          setPictures(next);
          setServerPictureError(undefined);
        }}
        error={countError === undefined ? serverPictureError : ct(countError)}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
        {isLoading ? t`Registering...` : t`Register Now`}
      </Button>
    </form>
  );
}
