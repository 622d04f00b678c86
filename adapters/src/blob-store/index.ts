export { InvalidBlobKeyError, blobKeyProblem, isValidBlobKey } from './blob-key';
export { attachmentContentDisposition } from './content-disposition';
export * from './local';
