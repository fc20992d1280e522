// The admin "Site" page's texts and the server's refusals of its changes.
import { MIN_CONTRAST } from './theme.js';
import { SITE_LIMITS, SITE_LOGO } from './constants.js';
import { EMBED_ORIGIN_LIMITS } from '../embeds/constants.js';

export const SITE_MESSAGES = {
  siteNameRequired: 'Give the site a name',
  siteNameTooLong: `The site's name is at most ${SITE_LIMITS.siteName} characters`,
  colorInvalid: 'A colour is written as #rrggbb, like #e11d2a',
  charityNameRequired: "Give the charity's name",
  charityNameTooLong: `The charity's name is at most ${SITE_LIMITS.charityName} characters`,
  charityBeneficiaryRequired: 'Say who the donations help',
  charityBeneficiaryTooLong: `Who the donations help is at most ${SITE_LIMITS.charityBeneficiary} characters`,
  charityShareInvalid: "The charity's share is a whole percent from 0 to 100",
  charityUrlInvalid: "The charity's address is an https:// address, or empty",
  charityUrlTooLong: `The charity's address is at most ${SITE_LIMITS.charityUrl} characters`,
  mailSenderNameRequired: "Give the e-mails' sender a name",
  mailSenderNameTooLong: `The sender's name is at most ${SITE_LIMITS.mailSenderName} characters`,
  mailSenderNameInvalid: "The sender's name cannot hold quotes, angle brackets or line breaks",
  logoMissing: 'Choose a picture for the logo',
  logoBadType: 'The logo must be a PNG or JPEG picture',
  logoTooLarge: `The logo is at most ${SITE_LOGO.maxBytes / 1024 / 1024} MB`,
  logoTooBig: `The logo is at most ${SITE_LOGO.maxSide} pixels a side`,
  logoCorrupt: 'That picture could not be read; try saving it again',
  loadFailed: "The site's settings could not be loaded",
  saved: "The site's settings are saved and shown at once",
  saveFailed: "The site's settings could not be saved",
  logoSaved: 'The logo is saved',
  logoRemoved: 'The logo is removed: the name is shown instead',
  logoFailed: 'The logo could not be saved',
  contrastPasses: `Every pair reads at ${MIN_CONTRAST}:1 or more`,
} as const;

/** The admin area's list of the sites that may frame the embed pages. */
export const EMBED_MESSAGES = {
  originInvalid: 'An allowed site is written as its origin: https://example.org (http:// only for localhost), without a path or a wildcard',
  tooManyOrigins: `At most ${EMBED_ORIGIN_LIMITS.count} sites may frame the embeds`,
  saved: 'The sites that may frame the embeds are saved',
  saveFailed: 'The sites that may frame the embeds could not be saved',
  loadFailed: 'The sites that may frame the embeds could not be loaded',
} as const;

/** The refusal of colours that leave a pair of the palette hard to read. */
export const contrastRefusal = (label: string, ratio: string): string =>
  `${label} would be hard to read: its contrast is ${ratio}:1, and it must be at least ${MIN_CONTRAST}:1. Choose a darker background or another accent.`;
