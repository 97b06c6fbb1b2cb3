import { startShell } from './core-app';
const shell = await startShell(process.argv[2]!);
await shell.core.whenIdle();
await shell.close();
