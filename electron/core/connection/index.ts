export { verifyService, type VerifyServiceInput, type VerifiedService } from './verify-service';
export {
  startEmbeddedService,
  STOP_WAIT_MS,
  lastPortIfFree,
  rememberPort,
  readDemoBuyers,
  DEMO_CREDENTIALS_FILE,
  LAST_PORT_FILE,
  DemoBuyer,
  type EmbeddedService,
  type EmbeddedServiceOptions,
  type EmbeddedServiceFailure,
  type ServiceStart,
} from './embedded-service';
export {
  embeddedServiceArgs,
  embeddedServiceEnv,
  readEmbeddedServiceArgs,
  EMBEDDED_ARGS_ENV,
  EMBEDDED_RATE_LIMIT_PER_MINUTE,
  type EmbeddedServiceSettings,
} from './embedded-service-args';
export { forkWithNode } from './fork-with-node';
