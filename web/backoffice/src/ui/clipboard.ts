/**
 * The clipboard of backoffice-platform.md §3/§4/§9: one item per context (a resource, say), kept under one
 * session-storage key; adding replaces the item of the same context; it survives in the browser session.
 */
export const CLIPBOARD_KEY = 'backoffice.clipboard';

export interface ClipboardItem<T = unknown> {
  context: string;
  label: string;
  data: T;
  at: string;
}

function read(): Record<string, ClipboardItem> {
  try {
    const raw = sessionStorage.getItem(CLIPBOARD_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, ClipboardItem>)
      : {};
  } catch {
    return {};
  }
}

export const clipboard = {
  add<T>(context: string, label: string, data: T): void {
    const all = read();
    all[context] = { context, label, data, at: new Date().toISOString() };
    sessionStorage.setItem(CLIPBOARD_KEY, JSON.stringify(all));
  },
  get<T>(context: string): ClipboardItem<T> | null {
    return (read()[context] as ClipboardItem<T> | undefined) ?? null;
  },
  remove(context: string): void {
    const { [context]: _removed, ...rest } = read();
    sessionStorage.setItem(CLIPBOARD_KEY, JSON.stringify(rest));
  },
  all(): ClipboardItem[] {
    return Object.values(read());
  },
};
