// One definition of each account rule, used by the client forms and the server: registration, sign-in,
// the e-mail links and the password reset.
import { z } from 'zod';
import { PICTURES } from '../profiles/constants.js';
import { categoryField, socialLinkField } from '../profiles/requests.js';
import { PASSWORD_MIN, PHONE, RESERVED_USERNAMES, RETURN_PATH_MAX, USERNAME_PATTERN } from './constants.js';
import { ACCOUNT_MESSAGES as A, LOGIN_MESSAGES as L, REGISTRATION_MESSAGES as R, USERNAME_FORMAT_MESSAGE, USERNAME_RESERVED_MESSAGE } from './messages.js';

/**
 * A required text field: a missing value and an empty one get the same message. Later checks may
 * also fail on an empty value, but forms and the server show only the first problem of a field.
 * (No `abort`: an aborted field would stop the object-level password match check.)
 */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

const email = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage)
    .max(254, { error: invalidMessage })
    .pipe(z.email({ error: invalidMessage }));

export const registrationFieldsSchema = z
  .object({
    username: required(R.usernameRequired)
      .regex(USERNAME_PATTERN, { error: USERNAME_FORMAT_MESSAGE })
      .refine((u) => !RESERVED_USERNAMES.includes(u.toLowerCase()), { error: USERNAME_RESERVED_MESSAGE }),
    first_name: required(R.firstNameRequired).max(100, { error: 'Must be 100 characters or less' }),
    last_name: required(R.lastNameRequired).max(100, { error: 'Must be 100 characters or less' }),
    // Exactly PHONE.digits digits, as its message says; past PHONE.max the longer-number message.
    phone_number: required(R.phoneRequired)
      .regex(/^\d+$/, { error: R.phoneDigits })
      .max(PHONE.max, { error: R.phoneMax })
      .refine((v) => v.length > PHONE.max || v.length === PHONE.digits, { error: R.phoneMin }),
    instagram: socialLinkField('instagram'),
    tiktok: socialLinkField('tiktok'),
    biography: required(R.biographyRequired).max(2000, { error: 'Must be 2000 characters or less' }),
    // Which categories are offered (the current contest's, or the site's) is the server's check.
    category: categoryField(R.categoryRequired, R.categoryInvalid),
    /** The answers to the required profile questions, by key, as JSON text (a multipart form's fields are text); checked on the server. */
    answers: z.string({ error: R.answersFormat }).max(50_000, { error: R.answersFormat }).optional(),
    email: email(R.emailRequired, R.emailInvalid),
    password: z
      .string({ error: R.passwordRequired })
      .min(1, { error: R.passwordRequired })
      .min(PASSWORD_MIN, { error: R.passwordMin })
      .max(128, { error: 'Password must be 128 characters or less' }),
    confirm_password: z.string({ error: R.confirmRequired }).min(1, { error: R.confirmRequired }),
  })
  .refine((d) => d.password === d.confirm_password, {
    path: ['confirm_password'],
    error: R.confirmMatch,
    // Say it even while other fields are still wrong, as soon as both passwords are typed.
    when: (p) => {
      const v = p.value as { password?: unknown; confirm_password?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.confirm_password === 'string' && v.confirm_password.length > 0;
    },
  });
export type RegistrationFields = z.infer<typeof registrationFieldsSchema>;

/** The picture count rule (the files themselves are checked by content on the server). */
export const pictureCountSchema = z
  .number({ error: R.picturesRequired })
  .min(PICTURES.min, { error: R.picturesMin })
  .max(PICTURES.max, { error: R.picturesMax });

export const loginSchema = z.object({
  username: required(L.emailOrUsernameRequired).max(254, { error: L.invalidCredentials }),
  password: z.string({ error: L.passwordRequired }).min(1, { error: L.passwordRequired }).max(128, { error: L.invalidCredentials }),
  remember_me: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: email(A.forgotEmailRequired, A.forgotEmailInvalid) });

export const tokenSchema = z.object({ token: required(A.invalidVerificationLink).max(200, { error: A.tokenInvalid }) });

export const resetPasswordSchema = z.object({
  token: required(A.tokenInvalid).max(200, { error: A.tokenInvalid }),
  new_password: z
    .string({ error: A.resetPasswordRequired })
    .min(1, { error: A.resetPasswordRequired })
    .min(PASSWORD_MIN, { error: A.resetPasswordMin })
    .max(128, { error: 'Password must be 128 characters or less' }),
});

/** The reset form on the client adds the confirmation, which never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    new_password: resetPasswordSchema.shape.new_password,
    confirm_password: z.string({ error: A.resetConfirmRequired }).min(1, { error: A.resetConfirmRequired }),
  })
  .refine((d) => d.new_password === d.confirm_password, { path: ['confirm_password'], error: A.resetConfirmMatch });

/** A path of this site to return to after a provider's sign-in: one leading slash, never `//` or `/\` (another site). */
export const returnPathSchema = z
  .string()
  .max(RETURN_PATH_MAX)
  .regex(/^\/(?![/\\])[^\s\\]*$/);

/** GET /auth/oidc/{provider}/start: where to return once signed in (anything but a path of this site returns home). */
export const oidcStartQuerySchema = z.object({
  return_to: z
    .string()
    .optional()
    .transform((v) => (v && returnPathSchema.safeParse(v).success ? v : '/')),
});

/** GET /auth/oidc/{provider}/callback: what the provider sends back (read by openid-client, which checks it). */
export const oidcCallbackQuerySchema = z.looseObject({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** POST /auth/oidc/complete: the one-time code the callback handed to the page. */
export const oidcCompleteSchema = z.object({ code: z.string().min(20).max(200) });
