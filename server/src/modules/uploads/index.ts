/** Upload intake shared by every form with files: streamed multipart to scratch files, limits, slots. */
export { uploadsPlugin, runUpload } from './uploads.plugin';
export { receiveUpload, refuseUpload, displayFileName, type FileFieldRule, type ReceivedFile, type ReceivedUpload, type UploadRules } from './upload-intake';
