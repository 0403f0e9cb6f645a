import { z } from 'zod';
import { emailSchema } from '../identity/auth';
import { isStorableText, requiredText, unstorableTextMessage } from '../text';
import { CV_MAX_BYTES } from './cv-file';

/** `POST` a job application (multipart: the fields below and one file, `cv`); staff `GET` the list. */
export const JOB_APPLICATIONS_PATH = '/api/careers/applications';

/** The multipart field that carries the CV. */
export const CV_FIELD = 'cv';

/** The whole multipart body: the CV and room for the text fields around it. */
export const APPLICATION_BODY_MAX_BYTES = CV_MAX_BYTES + 64 * 1024;

export const LINKS_MAX = 5;

export const applicationMessages = {
  nameRequired: 'Full name is required',
  roleRequired: 'Please choose the role you are applying for',
  locationRequired: 'Location is required',
  linksInvalid: 'Links must be web addresses starting with http:// or https://, separated by spaces',
  tooManyLinks: `Add at most ${LINKS_MAX} links`,
  cvRequired: 'Please attach your CV (PDF or DOCX)',
  cvTooLarge: 'Your CV must be 5 MB or smaller',
  cvWrongType: 'Your CV must be a PDF or a Word (DOCX) document',
  oneFileOnly: 'Attach one file only: your CV',
  unreadableForm: 'The application could not be read; please send the form again',
} as const;

const isWebAddress = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** Profile or portfolio addresses, typed one after the other; blank is none. */
const linksSchema = z
  .string()
  .max(1000, 'Links must be at most 1000 characters')
  .refine(isStorableText, unstorableTextMessage)
  .optional()
  .transform((text) => (text ?? '').split(/[\s,]+/).filter(Boolean))
  .refine((links) => links.length <= LINKS_MAX, applicationMessages.tooManyLinks)
  .refine((links) => links.every(isWebAddress), applicationMessages.linksInvalid);

/** The text fields of a job application (the CV travels beside them); unknown fields are rejected. */
export const applicationFieldsSchema = z.strictObject({
  name: requiredText(applicationMessages.nameRequired, 100),
  email: emailSchema,
  role: requiredText(applicationMessages.roleRequired, 100),
  location: requiredText(applicationMessages.locationRequired, 100),
  links: linksSchema,
});
export type ApplicationFields = z.input<typeof applicationFieldsSchema>;

export const applicationResponseSchema = z.object({ id: z.uuid(), status: z.literal('received') });
export type ApplicationResponse = z.infer<typeof applicationResponseSchema>;

/** An application as staff list it; the CV itself is at `JOB_APPLICATIONS_PATH/:id/cv`. */
export const staffApplicationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  location: z.string(),
  links: z.array(z.string()),
  cv: z.object({ name: z.string(), type: z.string(), size: z.number().int(), sha256: z.string() }),
  createdAt: z.iso.datetime(),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;
