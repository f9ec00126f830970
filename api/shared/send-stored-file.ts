// Answering a download writes to the reply, so it is transport and lives in api/plugins/; routes still importing it
// from here reach it through this re-export until they import it from there.
export { sendAuditedDownload, sendStoredFile } from '../plugins/send-stored-file';
