import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { PlayerPush, StreamEvent } from '@shop/contracts';
import { CONFIG, LOGGER, NATS_CONNECTION, StreamFollower } from '@shop/server';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { OrderEventsHub } from '../backoffice/order-events.hub.js';

/** One open player stream: where its pushes go. */
export interface PlayerConnection {
  device: number;
  branch: number;
  send(push: PlayerPush | { type: 'shutdown' }): void;
}

/** What the back office's TV list is told: a TV changed (its command, its record), or null after a gap (all). */
export type SignageWatchMessage = { type: 'device'; device: number } | { type: 'reset' } | { type: 'shutdown' };
export type SignageWatcher = (message: SignageWatchMessage) => void;

/**
 * The players' push channel on this gateway instance: every open player stream (server-sent events) by device and
 * branch, fed by NATS: the SIGNAGE stream (commands and aborts to their device, content changes to every player),
 * the ORDERS stream (through the order board's hub: pickup boards of that branch) and the CATALOGUE stream (menu
 * boards). After a gap in a stream every player re-reads its schedule, which carries its open command. The back
 * office's TV lists watch the same SIGNAGE stream (`watch`): a command's state shows there as it changes.
 */
@Injectable()
export class SignagePushHub implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly byDevice = new Map<number, Set<PlayerConnection>>();
  private readonly byBranch = new Map<number, Set<PlayerConnection>>();
  private readonly watchers = new Set<SignageWatcher>();
  private readonly followers: [StreamFollower<'signage'>, StreamFollower<'catalogue'>];
  private unsubscribeOrders: () => void = () => undefined;
  private closing = false;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly orders: OrderEventsHub,
  ) {
    const common = { nc, prefix: config.NATS_SUBJECT_PREFIX, logger };
    this.followers = [
      new StreamFollower({
        ...common,
        stream: 'signage',
        onReset: () => {
          this.toAll({ type: 'schedule' });
          this.toWatchers({ type: 'reset' });
        },
        onEvent: (e) => this.onSignage(e),
      }),
      new StreamFollower({
        ...common,
        stream: 'catalogue',
        onReset: () => this.toAll({ type: 'menu' }),
        onEvent: () => this.toAll({ type: 'menu' }),
      }),
    ];
  }

  /**
   * A SIGNAGE event: a command to its TV's streams; a TV changed (a new key, disabled, another scene; also a new idle
   * reason its heartbeat reported, so the TV list shows it at once) ends its streams: the player reconnects at once,
   * and the connect check refuses an old key or a disabled TV (a valid one is greeted again and re-reads its
   * schedule); any other content change makes every player re-read its schedule.
   */
  onSignage(e: StreamEvent<'signage'>): void {
    if (e.name === 'signage.command.changed') {
      const { state } = e.payload.command;
      if (state === 'pending') this.toDevice(e.payload.device, { type: 'command', command: e.payload.command });
      else if (state === 'aborted' || state === 'expired')
        this.toDevice(e.payload.device, { type: 'abort', command: e.payload.command });
      this.toWatchers({ type: 'device', device: e.payload.device });
    } else if (e.name.startsWith('signage.device.')) {
      this.deliver([...(this.byDevice.get(e.payload.id) ?? [])], { type: 'shutdown' });
      this.toWatchers({ type: 'device', device: e.payload.id });
    } else this.toAll({ type: 'schedule' });
  }

  /** A back office TV list's feed; the answer ends it. */
  watch(watcher: SignageWatcher): () => void {
    if (this.closing) {
      watcher({ type: 'shutdown' });
      return () => undefined;
    }
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private toWatchers(message: SignageWatchMessage): void {
    for (const watcher of [...this.watchers]) {
      try {
        watcher(message);
      } catch (err) {
        this.logger.warn({ err }, 'signage watcher failed');
      }
    }
  }

  /**
   * Registers an open stream (a TV's first one here tells the TV list's watchers); the answer unregisters it. A stream that opens while this instance shuts down (its
   * connect check was still on the bus, or the player reconnected at once) ends at once: kept, it would hold the
   * HTTP server's close for the stream's whole lifetime.
   */
  add(connection: PlayerConnection): () => void {
    if (this.closing) {
      connection.send({ type: 'shutdown' });
      return () => undefined;
    }
    const into = <K>(map: Map<K, Set<PlayerConnection>>, key: K) => {
      const set = map.get(key) ?? new Set();
      set.add(connection);
      map.set(key, set);
      return () => {
        set.delete(connection);
        if (!set.size) map.delete(key);
      };
    };
    const first = !this.byDevice.get(connection.device)?.size;
    const off = [into(this.byDevice, connection.device), into(this.byBranch, connection.branch)];
    // the TV's first stream here: its connect check marked it seen, so the back office's TV list reads it again and
    // shows it online at once (it re-reads on its own only every 15 s; a device event would end the TV's streams)
    if (first) this.toWatchers({ type: 'device', device: connection.device });
    return () => off.forEach((f) => f());
  }

  get size(): number {
    let n = 0;
    for (const set of this.byDevice.values()) n += set.size;
    return n;
  }

  private deliver(set: Iterable<PlayerConnection> | undefined, push: PlayerPush | { type: 'shutdown' }): void {
    for (const c of set ?? []) {
      try {
        c.send(push);
      } catch (err) {
        this.logger.warn({ err, device: c.device }, 'player push failed');
      }
    }
  }

  private toDevice(device: number, push: PlayerPush): void {
    this.deliver(this.byDevice.get(device), push);
  }

  private toAll(push: PlayerPush | { type: 'shutdown' }): void {
    for (const set of [...this.byDevice.values()]) this.deliver([...set], push);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribeOrders = this.orders.subscribe((m) => {
      if (m.type === 'order') this.deliver(this.byBranch.get(m.event.branch), { type: 'pickup' });
      else if (m.type === 'reset') this.toAll({ type: 'pickup' });
    });
    await Promise.all(this.followers.map((f) => f.start()));
  }

  /** Before the HTTP server closes: open streams end (the players reconnect to another instance). */
  onModuleDestroy(): void {
    this.closing = true;
    this.unsubscribeOrders();
    for (const f of this.followers) f.stop();
    this.toAll({ type: 'shutdown' });
    this.toWatchers({ type: 'shutdown' });
    this.watchers.clear();
    this.byDevice.clear();
    this.byBranch.clear();
  }
}
