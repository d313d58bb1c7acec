import { Controller, Injectable, Module, type DynamicModule } from '@nestjs/common';
import { BaseConfigSchema, loadConfig, type BaseConfig } from '../config/config.js';
import { ServiceBus } from '../bus/service-bus.js';
import { ServiceCoreModule, ServiceRoot } from './service-core.module.js';
import { CONFIG } from './tokens.js';

@Controller()
class ProbeController {}
@Injectable()
class ProbeService {}

const database = (url: string) => ({ url, schema: 'probe', entities: [], migrations: [] });

@Module({})
class ProbeModule extends ServiceRoot<BaseConfig>({
  core: { name: 'payment', database, streams: [], bus: true },
  controllers: [ProbeController],
  providers: [ProbeService],
}) {}

/** the ServiceCoreModule a root module imports */
const coreOf = (root: DynamicModule) => root.imports?.[0] as DynamicModule;

describe('ServiceRoot', () => {
  const config = loadConfig(BaseConfigSchema, { LOG_LEVEL: 'silent' });

  it("builds the service's root module: its ServiceCoreModule with forRoot's config, its controllers and providers", () => {
    const root = ProbeModule.forRoot(config);
    expect(root).toMatchObject({ module: ProbeModule, controllers: [ProbeController], providers: [ProbeService] });
    const core = coreOf(root);
    expect(core.module).toBe(ServiceCoreModule);
    expect(core.providers).toContainEqual({ provide: CONFIG, useValue: config });
    expect(core.exports).toEqual(expect.arrayContaining([CONFIG, ServiceBus]));
  });

  it('hands the config to a definition that needs it', () => {
    const seen: BaseConfig[] = [];
    @Module({})
    class ConfiguredModule extends ServiceRoot((c: BaseConfig) => {
      seen.push(c);
      return { core: { name: 'payment', database, streams: [] }, providers: [] };
    }) {}
    const core = coreOf(ConfiguredModule.forRoot(config));
    expect(seen).toEqual([config]);
    expect(core.exports).not.toContain(ServiceBus);
  });
});
