export {
  ATTACHMENT_ACCEPT,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  formatBytes,
  useAttachmentUploads,
  type AttachmentUploads,
  type ChosenFile,
} from './attachment-uploads';
export { AttachFilesButton, ChosenFiles } from './AttachmentPicker';
