/**
 * The packet workflow contract the designer codes against: the very module the API and the submission workflow
 * use, so the canvas checks with the API's own checkPacketWorkflow.
 */
export * from '../../../../domain/packet-workflow';
