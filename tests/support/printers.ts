import { XMLParser } from 'fast-xml-parser';

const basic = (identifier: string, apiKey: string) =>
  `Basic ${Buffer.from(`${identifier}:${apiKey}`).toString('base64')}`;

/**
 * A Star CloudPRNT printer as the protocol describes it: it POSTs its status to the server URL; when the
 * answer says jobReady it GETs the job in a media type it supports (with the jobToken), prints, and DELETEs
 * with its status code ("200 OK" when printed, e.g. "520 Paper empty" when not).
 */
export class SimulatedCloudPrnt {
  readonly printed: Buffer[] = [];
  status = '23 6 0 0 0 0 0 0 0 ';
  private pendingClientAction: Array<{ request: string; result: string }> = [];

  constructor(
    private readonly url: string,
    private readonly identifier: string,
    private readonly apiKey: string,
    readonly supported = ['application/vnd.star.line', 'text/plain'],
    readonly mac = '00:11:62:12:34:56',
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { authorization: basic(this.identifier, this.apiKey), ...extra };
  }

  async poll(statusCode = '200%20OK'): Promise<{
    jobReady: boolean;
    mediaTypes?: string[];
    jobToken?: string;
    clientAction?: Array<{ request: string }>;
  }> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({
        status: this.status,
        printerMAC: this.mac,
        statusCode,
        printingInProgress: false,
        ...(this.pendingClientAction.length ? { clientAction: this.pendingClientAction } : {}),
      }),
    });
    if (res.status !== 200) throw new Error(`poll answered ${res.status}`);
    this.pendingClientAction = [];
    const body = await res.json();
    // a server's client actions are answered with the next poll
    if (body.clientAction)
      this.pendingClientAction = body.clientAction.map((a: { request: string }) => ({
        request: a.request,
        result: `${a.request}-result`,
      }));
    return body;
  }

  async fetchJob(token: string, type: string): Promise<{ status: number; contentType: string | null; bytes: Buffer }> {
    const res = await fetch(
      `${this.url}?uid=${encodeURIComponent(this.mac)}&type=${encodeURIComponent(type)}&mac=${encodeURIComponent(this.mac)}&token=${token}`,
      { headers: this.headers() },
    );
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  async confirm(token: string, code: string): Promise<number> {
    const res = await fetch(
      `${this.url}?code=${encodeURIComponent(code)}&mac=${encodeURIComponent(this.mac)}&token=${token}`,
      { method: 'DELETE', headers: this.headers() },
    );
    await res.arrayBuffer();
    return res.status;
  }

  /** One protocol cycle: poll, and if a job is ready fetch it in the first supported type, "print" it and confirm. */
  async cycle(code = '200 OK'): Promise<Buffer | null> {
    const poll = await this.poll();
    if (!poll.jobReady) return null;
    const type = this.supported.find((t) => poll.mediaTypes!.includes(t))!;
    const job = await this.fetchJob(poll.jobToken!, type);
    if (job.status !== 200) throw new Error(`job GET answered ${job.status}`);
    if (code.startsWith('2')) this.printed.push(job.bytes);
    await this.confirm(poll.jobToken!, code);
    return job.bytes;
  }
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false });

/**
 * An Epson TM printer in Server Direct Print mode: it POSTs ConnectionType=GetRequest (form) and gets
 * PrintRequestInfo XML or an empty body; it prints the ePOS-Print document and POSTs ConnectionType=SetResponse
 * with a PrintResponseInfo per printjobid.
 */
export class SimulatedEpson {
  readonly printed: Buffer[] = [];
  constructor(
    private readonly url: string,
    private readonly identifier: string,
    private readonly apiKey: string,
    readonly printerId = 'local_printer',
  ) {}

  private post(form: Record<string, string>) {
    return fetch(this.url, {
      method: 'POST',
      headers: {
        authorization: basic(this.identifier, this.apiKey),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  async getRequest(): Promise<{ printjobid: string; command: Buffer; xml: string } | null> {
    const res = await this.post({ ConnectionType: 'GetRequest', ID: this.printerId, Name: 'TM-m30III' });
    if (res.status !== 200) throw new Error(`GetRequest answered ${res.status}`);
    const xml = await res.text();
    if (!xml) return null;
    const doc = parser.parse(xml).PrintRequestInfo.ePOSPrint;
    return {
      printjobid: doc.Parameter.printjobid,
      command: Buffer.from(doc.PrintData['epos-print'].command, 'hex'),
      xml,
    };
  }

  async setResponse(printjobid: string, success: boolean, code = ''): Promise<number> {
    const responseFile = `<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid><printjobid>${printjobid}</printjobid></Parameter><PrintResponse><response success="${success}" code="${code}" status="251658262" battery="0"/></PrintResponse></ePOSPrint></PrintResponseInfo>`;
    const res = await this.post({ ConnectionType: 'SetResponse', ID: this.printerId, ResponseFile: responseFile });
    await res.arrayBuffer();
    return res.status;
  }

  async cycle(success = true, code = ''): Promise<Buffer | null> {
    const job = await this.getRequest();
    if (!job) return null;
    if (success) this.printed.push(job.command);
    await this.setResponse(job.printjobid, success, code);
    return job.command;
  }
}
