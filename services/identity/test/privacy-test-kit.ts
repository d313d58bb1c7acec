import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type {
  Actor,
  Config,
  PrivacyEraseReply,
  PrivacyFindReply,
  PrivacyFindRequest,
  RpcSubject,
} from '@shop/contracts';
import {
  BusServer,
  createLogger,
  createServiceBus,
  DomainException,
  Rpc,
  RpcDomainExceptionFilter,
  type RpcMessage,
  type ServiceBus,
} from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../src/config/identity-config.js';
import { PrivacyRepository } from '../src/privacy/privacy.repository.js';
import { DownloadExport } from '../src/privacy/usecases/download/download.usecase.js';
import { ErasePrivacy } from '../src/privacy/usecases/erase/erase.usecase.js';
import { ExportPrivacy } from '../src/privacy/usecases/export/export.usecase.js';
import { ListPrivacyRequests } from '../src/privacy/usecases/list/list.usecase.js';
import { SearchPrivacy } from '../src/privacy/usecases/search/search.usecase.js';
import { PrivacyCustomers } from '../src/privacy/usecases/shared/privacy-customers.js';
import { PrivacyFinder } from '../src/privacy/usecases/shared/privacy-finder.js';
import { PrivacyRequests } from '../src/privacy/usecases/shared/privacy-record.js';
import { addUser, identityTestDatabase, testIdentityConfig } from './identity-test-database.js';

type FindSubject = 'order.privacy.find' | 'content.privacy.find' | 'payment.privacy.find' | 'statistics.privacy.find';
type EraseSubject = 'order.privacy.erase' | 'content.privacy.erase' | 'statistics.privacy.erase';

/**
 * What the services answer identity's privacy requests: per subject a reply, or 'down' (no answer: the request is
 * refused as the bus refuses a silent service). `asked` lists every request with its payload and calling service.
 */
const answers = {
  locale: 'de-AT' as string | 'down',
  finds: new Map<FindSubject, PrivacyFindReply | 'down'>(),
  erases: new Map<EraseSubject, PrivacyEraseReply | 'down'>(),
  asked: [] as Array<{ subject: RpcSubject; payload: PrivacyFindRequest | null; caller: string | undefined }>,
};

function answer<S extends FindSubject | EraseSubject>(subject: S, m: RpcMessage<S>) {
  answers.asked.push({ subject, payload: m.payload as PrivacyFindRequest, caller: m.caller?.service });
  const reply = subject.endsWith('.find')
    ? (answers.finds.get(subject as FindSubject) ?? { sections: [] })
    : (answers.erases.get(subject as EraseSubject) ?? { erased: [] });
  if (reply === 'down') throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
  return reply;
}

@Controller()
class ServicesStandIn {
  @Rpc('catalogue.config.get')
  config(@Payload() m: RpcMessage<'catalogue.config.get'>) {
    answers.asked.push({ subject: 'catalogue.config.get', payload: null, caller: m.caller?.service });
    if (answers.locale === 'down') throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
    return { locale: answers.locale } as Config;
  }
  @Rpc('order.privacy.find')
  orderFind(@Payload() m: RpcMessage<'order.privacy.find'>) {
    return answer('order.privacy.find', m);
  }
  @Rpc('content.privacy.find')
  contentFind(@Payload() m: RpcMessage<'content.privacy.find'>) {
    return answer('content.privacy.find', m);
  }
  @Rpc('payment.privacy.find')
  paymentFind(@Payload() m: RpcMessage<'payment.privacy.find'>) {
    return answer('payment.privacy.find', m);
  }
  @Rpc('statistics.privacy.find')
  statisticsFind(@Payload() m: RpcMessage<'statistics.privacy.find'>) {
    return answer('statistics.privacy.find', m);
  }
  @Rpc('order.privacy.erase')
  orderErase(@Payload() m: RpcMessage<'order.privacy.erase'>) {
    return answer('order.privacy.erase', m);
  }
  @Rpc('content.privacy.erase')
  contentErase(@Payload() m: RpcMessage<'content.privacy.erase'>) {
    return answer('content.privacy.erase', m);
  }
  @Rpc('statistics.privacy.erase')
  statisticsErase(@Payload() m: RpcMessage<'statistics.privacy.erase'>) {
    return answer('statistics.privacy.erase', m);
  }
}
@Module({ controllers: [ServicesStandIn] })
class ServicesStandInModule {}

/** Staff members of a kit, as the gateway passes them. */
export interface PrivacyStaff {
  admin: Actor;
  /** an employee with ROLE_PRIVACY ('Datenschutz') */
  officer: Actor;
  /** a second one */
  colleague: Actor;
  /** an employee without it */
  employee: Actor;
}

/**
 * identity's privacy use cases on a throwaway database, with the catalogue, order, content, payment and statistics
 * services stood in on real NATS under this file's own subject prefix (they answer what `answers` says).
 */
export async function privacyKit(label: string, settings: Record<string, string> = {}) {
  const { ds, close: closeDatabase } = await identityTestDatabase(label);
  const prefixes = uniquePrefixes(label);
  const standIn: INestMicroservice = await NestFactory.createMicroservice(ServicesStandInModule, {
    strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'stand-in' }),
    logger: false,
  });
  standIn.useGlobalFilters(new RpcDomainExceptionFilter(createLogger('stand-in', 'silent')));
  await standIn.listen();
  const config: IdentityConfig = testIdentityConfig({ NATS_URL, NATS_SUBJECT_PREFIX: prefixes.nats, ...settings });
  const bus: ServiceBus = await createServiceBus(config, 'identity');
  const logger = createLogger('identity', 'silent');
  const repo = new PrivacyRepository(ds);
  const customers = new PrivacyCustomers(repo);
  const requests = new PrivacyRequests(new PrivacyFinder(bus, customers, config, logger));
  const staff = await staffOf(ds);
  answers.finds.clear();
  answers.erases.clear();
  return {
    ds,
    repo,
    answers,
    staff,
    search: new SearchPrivacy(ds, requests),
    exporter: new ExportPrivacy(ds, requests, config),
    download: new DownloadExport(ds),
    erase: new ErasePrivacy(ds, bus, requests, customers, logger),
    list: new ListPrivacyRequests(ds),
    /** the subjects asked since the last call, and forgets them */
    asked() {
      return answers.asked.splice(0);
    },
    async close() {
      await bus.close();
      await standIn.close();
      await cleanupPrefixes(prefixes);
      await closeDatabase();
    },
  };
}
export type PrivacyKit = Awaited<ReturnType<typeof privacyKit>>;

async function staffOf(ds: DataSource): Promise<PrivacyStaff> {
  const actor = async (username: string, roles: Actor['roles'], names: { firstName?: string; lastName?: string }) => {
    const user = await addUser(ds, { username, roles, ...names });
    return { id: user.id, username, roles, branches: [] };
  };
  return {
    admin: await actor('chefin', ['ROLE_ADMIN'], { firstName: 'Clara', lastName: 'Chef' }),
    officer: await actor('datenschutz', ['ROLE_EMPLOYEE', 'ROLE_PRIVACY'], { firstName: 'Dora', lastName: 'Daten' }),
    colleague: await actor('kollege', ['ROLE_EMPLOYEE', 'ROLE_PRIVACY'], {}),
    employee: await actor('mitarbeiter', ['ROLE_EMPLOYEE'], {}),
  };
}

/** An order service's find reply for Anna Berger's order 41 with its upload 7. */
export const annasOrders = (): PrivacyFindReply => ({
  sections: [
    { kind: 'orders', rows: [{ Bestellnummer: 41, 'E-Mail': 'anna.berger@example.at', Telefon: '+43 664 1234567' }] },
    { kind: 'orderItems', rows: [{ Bestellnummer: 41, Produkt: 'Apfelstrudel', Menge: 2, Preis: 4.5 }] },
    { kind: 'messages', rows: [{ Art: 'E-Mail', Betreff: 'Ihre Bestellung', Gesendet: true }] },
  ],
  orderIds: [41],
  uploadIds: [7],
  names: ['Anna Berger'],
});
