/** Upload intake shared by every form with files: streamed multipart to scratch files, limits, slots; resumable uploads (tus). */
export { uploadsPlugin, runUpload } from './uploads.plugin';
export { receiveUpload, refuseUpload, displayFileName, type FileFieldRule, type ReceivedFile, type ReceivedUpload, type UploadRules } from './upload-intake';
export { resumableUploadsPlugin } from './resumable.plugin';
export { namedUpload } from './named-upload';
export { RESUMABLE_PATH, UPLOAD_EXPIRY_MS, type ResumableUploads } from './resumable-uploads';
