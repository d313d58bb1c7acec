export declare const DEV_MAIL_KEEP: number;
export declare function startMailCatcher(options: { dir: string; port?: number; keep?: number }): Promise<{
  port: number;
  url: string;
  close(): Promise<void>;
}>;
