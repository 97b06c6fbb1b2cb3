export { createKeyVault, type KeyVault, type KeyVaultOptions, type KeyStorageStatus, type KeyLoadResult, type SettingsStore } from './key-vault';
export { assessBackend, type SafeStorageLike, type BackendAssessment } from './key-storage-backend';
export { NO_SAFE_STORAGE } from './no-safe-storage';
