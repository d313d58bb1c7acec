import { createRpcController, rpc } from '@shop/server';
import { DownloadExport } from './usecases/download/download.usecase.js';
import { ErasePrivacy } from './usecases/erase/erase.usecase.js';
import { ExportPrivacy } from './usecases/export/export.usecase.js';
import { ListPrivacyRequests } from './usecases/list/list.usecase.js';
import { SearchPrivacy } from './usecases/search/search.usecase.js';

/** Issue 44: a customer's request for their data or its erasure, run by identity (subjects from libs/contracts). */
export class PrivacyController extends createRpcController([
  rpc('identity.privacy.search', SearchPrivacy, (search, m) => search.execute(m.actor, m.payload)),
  rpc('identity.privacy.export', ExportPrivacy, (exporter, m) => exporter.execute(m.actor, m.payload)),
  rpc('identity.privacy.download', DownloadExport, (download, m) => download.execute(m.actor, Number(m.payload.id))),
  rpc('identity.privacy.erase', ErasePrivacy, (erase, m) => erase.execute(m.actor, m.payload)),
  rpc('identity.privacy.list', ListPrivacyRequests, (list, m) => list.execute(m.actor, m.payload.query)),
]) {}
