export { createServiceClient, CLIENT_DEFAULTS, type ServiceClient, type ServiceClientOptions } from './service-client';
export { fetchAsSent } from './fetch-as-sent';
export type { CallArgs, CallOptions, CallQuery, CallBody, CallParams, CallResult, CallSuccess, CallNotModified, CallFailure, BytesCallResult, BytesCallSuccess } from './call-types';
export { isConnectionFailure, serviceError, type ServiceError } from './service-error';
export { backoffDelayMs, parseRetryAfter } from './retry-policy';
export { abortableSleep, type Sleep } from './sleep';
export { createExtensionRegistry, extensionsInDocument, type ExtensionRegistry } from './service-extensions';
export { checkEndpointBytes, checkResponseText, RESPONSE_NAMES, type CheckedText } from './response-text';
