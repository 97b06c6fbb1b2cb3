import { Menu, type MenuItemConstructorOptions } from 'electron';

export function applicationMenuTemplate(options: { isMac: boolean; isDevelopment: boolean }): MenuItemConstructorOptions[] {
  const { isMac, isDevelopment } = options;
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (isDevelopment) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}

export function installApplicationMenu(options: { isMac: boolean; isDevelopment: boolean }): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}
