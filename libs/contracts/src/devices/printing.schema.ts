/** Media types of a receipt document in a device's queue (Star CloudPRNT picks one of those offered). */
export const MEDIA_TYPES = {
  /** Star Line Mode commands (ReceiptLine `starsbcs`) */
  starLine: 'application/vnd.star.line',
  /** ESC/POS commands (ReceiptLine `escpos`); Epson printers get them inside ePOS-Print XML */
  escpos: 'application/vnd.escpos',
  text: 'text/plain',
} as const;
export type MediaType = (typeof MEDIA_TYPES)[keyof typeof MEDIA_TYPES];

/** A rendered document: media type → base64 bytes. */
export type PrintDocuments = Partial<Record<MediaType, string>>;

/** A rendered document for the queue of every printer of the branch (or one device): a print job's result. */
export interface EnqueuePrintRequest {
  branch: number;
  orderId: number | null;
  /** the BullMQ job id: with the device it makes the queue entry unique, so a retried job never queues twice */
  jobKey: string;
  deviceId?: number;
  /** both command sets and plain text; each device gets the media types of its print format */
  documents: { star: string; escpos: string; text: string };
  /** the line shown on notification devices, e.g. 'Neue Bestellung: Ticket 17' */
  notification?: string;
}

export type DeviceQueueStatus = 'queued' | 'printing' | 'done' | 'failed';

export interface DeviceQueueEntry {
  id: number;
  device: number;
  orderId: number | null;
  jobKey: string;
  kind: 'print' | 'notification';
  status: DeviceQueueStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface DeviceLogEntry {
  id: number;
  device: number;
  at: string;
  message: string;
  data: unknown;
}

/** Star CloudPRNT poll answer. */
export interface CloudPrntPollReply {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
  clientAction?: Array<{ request: string; options: string }>;
}

/** How a device proves who it is: its identifier and its own API key (HTTP Basic), never a staff session. */
export interface DeviceCredentials {
  identifier: string;
  apiKey: string;
}
