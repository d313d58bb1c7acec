import 'react';

declare global {
  /** The app version of the root package.json (vite.config.ts `define`). */
  const __APP_VERSION__: string;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** the back office's staff toolbar element (web/backoffice/src/toolbar/staff-toolbar.ts) */
      'staff-toolbar': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'display-name'?: string;
      };
    }
  }
}
