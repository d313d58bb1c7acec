import { backofficeTexts } from '@shop/i18n-de';
import { ApiError, createApiClient } from '@shop/web-api';

/**
 * The staff toolbar of the public pages (backoffice-platform.md §2 "Page shell", §6): shown to logged-in
 * staff only; open or closed (remembered per browser); the user's display name, the app version and the
 * links /backend#/sites, /backend#/dashboard, /backend#/navigations, /backend and /backend/logout.
 *
 * A framework-free custom element, built with the back office to /backend/assets/staff-toolbar-<version>.js,
 * so any public page can use it:
 *   <script type="module" src="/backend/assets/staff-toolbar-1.7.2-dev.js"></script>
 *   <staff-toolbar display-name="Katharina Huber"></staff-toolbar>
 * With display-name the page says who is logged in (it has /api/init's users/me); without, the element asks
 * /api/users/me itself and stays hidden for visitors (401).
 */
export const TOOLBAR_VERSION = '1.7.2-dev';
const STATE_KEY = 'staffToolbar.open';
const TT = backofficeTexts.toolbar;
/** read only, no login redirect: a visitor's 401 just leaves the bar hidden */
const api = createApiClient();

const LINKS: Array<[string, string]> = [
  ['/backend#/sites', TT.sites],
  ['/backend#/dashboard', TT.dashboard],
  ['/backend#/navigations', TT.navigations],
  ['/backend', TT.backoffice],
  ['/backend/logout', TT.logout],
];

const CSS = `
:host { all: initial; position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483000; font: 14px/1.4 system-ui, sans-serif; }
.bar { display: flex; align-items: center; gap: 1rem; background: #303033; color: #fff; padding: 0.4rem 0.8rem; }
.bar.closed { width: max-content; border-top-right-radius: 0.7rem; }
a { color: #fff; }
.name { font-weight: 600; }
.version { color: #d5d6da; font-size: 12px; }
button { font: inherit; background: #006f98; color: #fff; border: 0; border-radius: 0.7rem; padding: 0.2rem 0.7rem; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #8fd3ee; outline-offset: 2px; }
nav { display: flex; gap: 0.8rem; flex-wrap: wrap; }
`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class StaffToolbarElement extends HTMLElement {
  static observedAttributes = ['display-name'];
  private name: string | null = null;

  connectedCallback(): void {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.name = this.getAttribute('display-name');
    if (this.name) this.render();
    else void this.loadUser();
  }

  attributeChangedCallback(): void {
    this.name = this.getAttribute('display-name');
    if (this.shadowRoot) this.render();
  }

  private async loadUser(): Promise<void> {
    try {
      this.name = (await api.get('/api/users/me'))?.displayName ?? null;
    } catch (err) {
      // an answer (401 for visitors) leaves the bar as it is; no answer at all (offline) hides the name
      if (!(err instanceof ApiError) || err.status === 0) this.name = null;
    }
    this.render();
  }

  get open(): boolean {
    return localStorage.getItem(STATE_KEY) !== '0';
  }

  private toggle(): void {
    localStorage.setItem(STATE_KEY, this.open ? '0' : '1');
    this.render();
    this.shadowRoot?.querySelector('button')?.focus();
  }

  private render(): void {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the constructor attaches the shadow root
    const root = this.shadowRoot!;
    if (!this.name) {
      root.innerHTML = '';
      this.hidden = true;
      return;
    }
    this.hidden = false;
    const open = this.open;
    root.innerHTML = `<style>${CSS}</style>
      <div class="bar ${open ? 'open' : 'closed'}" role="region" aria-label="${escape(TT.label)}">
        <button type="button" aria-expanded="${open}">${escape(open ? TT.close : TT.open)}</button>
        ${
          open
            ? `<span class="name">${escape(this.name)}</span><span class="version">${escape(TOOLBAR_VERSION)}</span>
        <nav aria-label="${escape(TT.label)}">${LINKS.map(([href, label]) => `<a href="${href}">${escape(label)}</a>`).join('')}</nav>`
            : ''
        }
      </div>`;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- render() just wrote the button
    root.querySelector('button')!.addEventListener('click', () => this.toggle());
  }
}

if (!customElements.get('staff-toolbar')) customElements.define('staff-toolbar', StaffToolbarElement);
