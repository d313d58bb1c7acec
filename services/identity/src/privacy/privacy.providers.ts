import { PrivacyExportSweep } from './privacy-export.sweep.js';
import { PrivacyRepository } from './privacy.repository.js';
import { DownloadExport } from './usecases/download/download.usecase.js';
import { ErasePrivacy } from './usecases/erase/erase.usecase.js';
import { ExportPrivacy } from './usecases/export/export.usecase.js';
import { ListPrivacyRequests } from './usecases/list/list.usecase.js';
import { SearchPrivacy } from './usecases/search/search.usecase.js';
import { PrivacyCustomers } from './usecases/shared/privacy-customers.js';
import { PrivacyFinder } from './usecases/shared/privacy-finder.js';
import { PrivacyRequests } from './usecases/shared/privacy-record.js';

/** What identity's privacy requests need (issue 44): the use cases, their shared parts and the export sweep. */
export const PRIVACY_PROVIDERS = [
  PrivacyRepository,
  PrivacyCustomers,
  PrivacyFinder,
  PrivacyRequests,
  SearchPrivacy,
  ExportPrivacy,
  DownloadExport,
  ErasePrivacy,
  ListPrivacyRequests,
  PrivacyExportSweep,
];
