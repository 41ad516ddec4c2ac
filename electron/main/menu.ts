import { app, Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: quit (leaving the local service serving scripts) or quit and stop it too, the standard edit
 * commands (copy/paste need them on macOS), reload and zoom.
 */
export function installMenu(quitAndStopService: () => void): void {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [{ role: 'quit', label: 'Quit (the Local Service Keeps Serving Scripts)' }, { label: 'Quit and Stop the Local Service Too', click: quitAndStopService }],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
