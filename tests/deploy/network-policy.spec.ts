import {
  connection,
  external,
  podIn,
  podsOf,
  type ContainerPort,
  type K8sObject,
  type Pod,
} from './lib/network-policy.js';

// The evaluator the flow tests of deploy/k8s rely on: each case asserts a verdict both ways, so an evaluator that
// allowed (or denied) everything fails here.

const policy = (name: string, spec: object, namespace = 'shop'): K8sObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: { name, namespace },
  spec,
});
const deployment = (
  name: string,
  podLabels: Record<string, string>,
  ports: ContainerPort[] = [],
  ownLabels: Record<string, string> = {},
): K8sObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'shop', labels: ownLabels },
  spec: {
    selector: { matchLabels: podLabels },
    template: { metadata: { labels: podLabels }, spec: { containers: [{ name, image: 'shop-app', ports }] } },
  },
});
const pod = (name: string, labels: Record<string, string> = {}, ports: ContainerPort[] = []): Pod =>
  podsOf([deployment(name, { 'app.kubernetes.io/name': name, ...labels }, ports)])[0]!;

const denyIngress = policy('default-deny', { podSelector: {}, policyTypes: ['Ingress'] });
const gateway = pod('gateway', { tier: 'edge' }, [{ name: 'http', containerPort: 3000 }]);
const order = pod('order', { tier: 'core' }, [
  { name: 'health', containerPort: 3103 },
  { name: 'metrics', containerPort: 9100 },
]);
const allowed = (reason: string) => ({ allowed: true, reason });
const denied = (reason: string) => ({ allowed: false, reason });

describe('NetworkPolicy evaluator', () => {
  it('denies ingress to every pod a default-deny selects, and nothing else', () => {
    expect(connection([], gateway, order, 3103)).toEqual(
      allowed('egress of gateway not isolated; ingress of order not isolated'),
    );
    expect(connection([denyIngress], gateway, order, 3103)).toEqual(
      denied('ingress of order isolated by default-deny, no rule matches'),
    );
    // an Ingress-only policy leaves the pod's own outgoing traffic alone
    expect(connection([denyIngress], order, external('203.0.113.7'), 443).allowed).toBe(true);
    expect(connection([denyIngress], external('203.0.113.7'), order, 3103).allowed).toBe(false);
  });

  it('lets everything in through an empty rule, whatever else denies (policies add up)', () => {
    const allowAll = policy('allow-all', { podSelector: {}, ingress: [{}] });
    expect(connection([denyIngress, allowAll], gateway, order, 3103)).toEqual(
      allowed('egress of gateway not isolated; ingress of order allowed by allow-all'),
    );
    expect(connection([denyIngress, allowAll], external('198.51.100.1'), order, 9100).allowed).toBe(true);
    expect(connection([denyIngress, allowAll], podIn('elsewhere'), order, 1).allowed).toBe(true);
  });

  it('selects pods by matchLabels and by matchExpressions (In, NotIn, Exists, DoesNotExist)', () => {
    const onlyCore = (podSelector: object) => [
      denyIngress,
      policy('to-selected', { podSelector, ingress: [{ from: [{ podSelector: {} }] }] }),
    ];
    const cases: [object, boolean, boolean][] = [
      // selector, opens order (tier core), opens gateway (tier edge)
      [{ matchLabels: { tier: 'core' } }, true, false],
      [{ matchLabels: { tier: 'core', 'app.kubernetes.io/name': 'gateway' } }, false, false],
      [{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['core', 'db'] }] }, true, false],
      [{ matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['core'] }] }, false, true],
      // NotIn also holds where the label is missing
      [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, true, true],
      [{ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, true, true],
      [{ matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, false, false],
      [{ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, false, false],
      [
        {
          matchLabels: { tier: 'core' },
          matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: ['gateway'] }],
        },
        false,
        false,
      ],
    ];
    for (const [selector, toOrder, toGateway] of cases) {
      const verdicts = {
        selector,
        order: connection(onlyCore(selector), gateway, order, 3103).allowed,
        gateway: connection(onlyCore(selector), order, gateway, 3000).allowed,
      };
      expect(verdicts).toEqual({ selector, order: toOrder, gateway: toGateway });
    }
  });

  it('admits pods of the namespaces a namespaceSelector matches, and a podSelector alone only its own namespace', () => {
    const policies = [
      denyIngress,
      policy('from-monitoring', {
        podSelector: {},
        ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }] }],
      }),
      policy('from-edge', {
        podSelector: {},
        ingress: [{ from: [{ podSelector: { matchLabels: { tier: 'edge' } } }] }],
      }),
    ];
    expect(connection(policies, podIn('monitoring', { app: 'prometheus' }, 'prometheus'), order, 9100)).toEqual(
      allowed('egress of prometheus not isolated; ingress of order allowed by from-monitoring'),
    );
    expect(connection(policies, podIn('other'), order, 9100).allowed).toBe(false);
    // selectors pick pods, never an address outside the cluster
    expect(connection(policies, external('192.0.2.1'), order, 9100).allowed).toBe(false);
    expect(connection(policies, gateway, order, 3103).allowed).toBe(true);
    // the same labels in another namespace are another pod
    expect(connection(policies, podIn('other', { tier: 'edge' }), order, 3103).allowed).toBe(false);
    // other labels of the namespace count too
    const byTeam = [
      denyIngress,
      policy('from-team', {
        podSelector: {},
        ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'ops' } } }] }],
      }),
    ];
    expect(connection(byTeam, podIn('tools', {}, 'tool', { team: 'ops' }), order, 9100).allowed).toBe(true);
    expect(connection(byTeam, podIn('tools', {}, 'tool', { team: 'dev' }), order, 9100).allowed).toBe(false);
  });

  it('reads pod and namespace selectors in one peer as AND, in two peers as OR', () => {
    const monitoring = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } };
    const prometheus = { podSelector: { matchLabels: { app: 'prometheus' } } };
    const and = [
      denyIngress,
      policy('and', { podSelector: {}, ingress: [{ from: [{ ...monitoring, ...prometheus }] }] }),
    ];
    const or = [denyIngress, policy('or', { podSelector: {}, ingress: [{ from: [monitoring, prometheus] }] })];
    const sources = {
      prometheus: podIn('monitoring', { app: 'prometheus' }),
      grafana: podIn('monitoring', { app: 'grafana' }),
      // a pod labelled prometheus in another namespace, and one in the shop's own
      impostor: podIn('other', { app: 'prometheus' }),
      local: pod('local', { app: 'prometheus' }),
    };
    const verdicts = (policies: K8sObject[]) =>
      Object.fromEntries(
        Object.entries(sources).map(([n, from]) => [n, connection(policies, from, order, 9100).allowed]),
      );
    expect(verdicts(and)).toEqual({ prometheus: true, grafana: false, impostor: false, local: false });
    expect(verdicts(or)).toEqual({ prometheus: true, grafana: true, impostor: false, local: true });
  });

  it("resolves named ports against the destination pod's container ports", () => {
    const policies = [
      denyIngress,
      policy('metrics', { podSelector: {}, ingress: [{ ports: [{ port: 'metrics', protocol: 'TCP' }] }] }),
    ];
    expect(connection(policies, gateway, order, 9100)).toEqual(
      allowed('egress of gateway not isolated; ingress of order allowed by metrics'),
    );
    expect(connection(policies, gateway, order, 'metrics').allowed).toBe(true);
    expect(connection(policies, gateway, order, 'health').allowed).toBe(false);
    // 9100 on a pod that names it otherwise is not "metrics"
    const other = pod('other', {}, [{ name: 'exporter', containerPort: 9100 }]);
    expect(connection(policies, gateway, other, 9100).allowed).toBe(false);
    expect(() => connection(policies, gateway, order, 'nope')).toThrow('order has no TCP port named nope');
    expect(() => connection(policies, order, external('192.0.2.1'), 'https')).toThrow(/not a pod/);
  });

  it('opens a port range up to endPort, both ends included', () => {
    const policies = [
      denyIngress,
      policy('range', { podSelector: {}, ingress: [{ ports: [{ protocol: 'TCP', port: 3100, endPort: 3109 }] }] }),
    ];
    const open = [3099, 3100, 3105, 3109, 3110].filter((p) => connection(policies, gateway, order, p).allowed);
    expect(open).toEqual([3100, 3105, 3109]);
  });

  it('matches the protocol, TCP when a rule or connection names none', () => {
    const dns = [
      denyIngress,
      policy('dns', { podSelector: {}, ingress: [{ ports: [{ protocol: 'UDP', port: 53 }] }] }),
    ];
    expect(connection(dns, gateway, order, 53, 'UDP').allowed).toBe(true);
    expect(connection(dns, gateway, order, 53).allowed).toBe(false);
    const tcp = [denyIngress, policy('tcp', { podSelector: {}, ingress: [{ ports: [{ port: 53 }] }] })];
    expect(connection(tcp, gateway, order, 53).allowed).toBe(true);
    expect(connection(tcp, gateway, order, 53, 'UDP').allowed).toBe(false);
    // a protocol without a port opens every port of that protocol only
    const sctp = [denyIngress, policy('sctp', { podSelector: {}, ingress: [{ ports: [{ protocol: 'SCTP' }] }] })];
    expect(connection(sctp, gateway, order, 7, 'SCTP').allowed).toBe(true);
    expect(connection(sctp, gateway, order, 7).allowed).toBe(false);
    expect(() => connection(tcp, gateway, order, 53, 'udp')).toThrow(/unknown protocol udp/);
  });

  it('lets egress out to an ipBlock, except its holes, and never to a pod through it', () => {
    const policies = [
      policy('out', {
        podSelector: { matchLabels: { tier: 'core' } },
        policyTypes: ['Egress'],
        egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16', '10.2.3.4/32'] } }] }],
      }),
    ];
    const reach = (ip: string) => connection(policies, order, external(ip), 5432).allowed;
    expect(['10.0.0.1', '10.255.255.255', '10.2.3.5'].map(reach)).toEqual([true, true, true]);
    expect(['10.1.0.1', '10.1.255.255', '10.2.3.4', '11.0.0.1', '9.255.255.255'].map(reach)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    // a v6 block says nothing about v4 and the other way round
    expect(reach('::ffff:10.0.0.1')).toBe(false);
    expect(connection(policies, order, external('10.1.0.1', 'db'), 5432)).toEqual(
      denied('egress of order isolated by out, no rule matches'),
    );
    // ipBlock matches addresses outside the cluster only (see the module's header)
    expect(connection(policies, order, gateway, 3000).allowed).toBe(false);
    // the gateway is not selected: its egress stays open
    expect(connection(policies, gateway, external('11.0.0.1'), 443).allowed).toBe(true);
    const v6 = [policy('v6', { podSelector: {}, egress: [{ to: [{ ipBlock: { cidr: '2001:db8::/32' } }] }] })];
    expect(connection(v6, order, external('2001:db8::1'), 443).allowed).toBe(true);
    expect(connection(v6, order, external('2001:db9::1'), 443).allowed).toBe(false);
    expect(connection(v6, order, external('10.0.0.1'), 443).allowed).toBe(false);
  });

  it('needs both the egress of the source and the ingress of the destination', () => {
    const egressToGateway = policy('egress-gateway', {
      podSelector: { matchLabels: { tier: 'core' } },
      policyTypes: ['Egress'],
      egress: [{ to: [{ podSelector: { matchLabels: { tier: 'edge' } } }] }],
    });
    expect(connection([egressToGateway], order, gateway, 3000)).toEqual(
      allowed('egress of order allowed by egress-gateway; ingress of gateway not isolated'),
    );
    expect(connection([egressToGateway, denyIngress], order, gateway, 3000)).toEqual(
      denied('ingress of gateway isolated by default-deny, no rule matches'),
    );
    expect(connection([egressToGateway], order, pod('other'), 3000)).toEqual(
      denied('egress of order isolated by egress-gateway, no rule matches'),
    );
  });

  it('defaults policyTypes to Ingress, plus Egress only where egress rules exist', () => {
    const withEgress = policy('egress-rules', { podSelector: {}, egress: [{ ports: [{ port: 53 }] }] });
    expect(connection([withEgress], order, external('192.0.2.1'), 53).allowed).toBe(true);
    expect(connection([withEgress], order, external('192.0.2.1'), 443).allowed).toBe(false);
    // no ingress rules and no policyTypes: it denies all ingress as well
    expect(connection([withEgress], gateway, order, 3103)).toEqual(
      denied(
        'egress of gateway isolated by egress-rules, no rule matches; ingress of order isolated by egress-rules, no rule matches',
      ),
    );
    // an empty egress list is no egress rule: Ingress only
    const emptyEgress = policy('empty-egress', { podSelector: {}, egress: [] });
    expect(connection([emptyEgress], order, external('192.0.2.1'), 443).allowed).toBe(true);
    expect(connection([emptyEgress], external('192.0.2.1'), order, 3103).allowed).toBe(false);
    // Egress alone, without rules: all egress denied, ingress untouched
    const denyEgress = policy('deny-egress', { podSelector: {}, policyTypes: ['Egress'] });
    expect(connection([denyEgress], order, external('192.0.2.1'), 443).allowed).toBe(false);
    expect(connection([denyEgress], external('192.0.2.1'), order, 3103).allowed).toBe(true);
  });

  it('applies a policy only to pods of its own namespace', () => {
    const elsewhere = policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }, 'other');
    expect(connection([elsewhere], gateway, order, 3103).allowed).toBe(true);
    expect(connection([elsewhere], podIn('other'), order, 3103)).toEqual(
      denied('egress of other pod isolated by default-deny, no rule matches'),
    );
    expect(connection([elsewhere], gateway, podIn('other'), 80).allowed).toBe(false);
  });

  it("takes a pod's labels from its template, not from its Deployment (issue 39)", () => {
    const labelledDeployment = deployment('order', { 'app.kubernetes.io/name': 'order' }, [], {
      'app.kubernetes.io/part-of': 'shop',
    });
    const labelledPods = deployment('catalogue', {
      'app.kubernetes.io/name': 'catalogue',
      'app.kubernetes.io/part-of': 'shop',
    });
    const [deploymentOnly, onPods] = podsOf([labelledDeployment, labelledPods]);
    expect(deploymentOnly!.labels).toEqual({ 'app.kubernetes.io/name': 'order' });
    const withinShop = [
      denyIngress,
      policy('within-shop', {
        podSelector: {},
        ingress: [{ from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'shop' } } }] }],
      }),
    ];
    expect(connection(withinShop, deploymentOnly!, gateway, 3000).allowed).toBe(false);
    expect(connection(withinShop, onPods!, gateway, 3000).allowed).toBe(true);
  });

  it('reads pods from every workload kind, with their namespace labels and ports', () => {
    const template = {
      metadata: { labels: { app: 'x' } },
      spec: {
        containers: [
          { name: 'c', ports: [{ name: 'dns', containerPort: 53, protocol: 'UDP' }, { containerPort: 80 }] },
        ],
        initContainers: [
          { name: 'sidecar', restartPolicy: 'Always', ports: [{ name: 'proxy', containerPort: 15001 }] },
          { name: 'setup', ports: [{ containerPort: 1 }] },
        ],
      },
    };
    const objects: K8sObject[] = [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { team: 'shop' } } },
      { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'nats' }, spec: { template } },
      { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'ops' }, spec: { template } },
      { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'migrate' }, spec: { template } },
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'nightly' },
        spec: { jobTemplate: { spec: { template } } },
      },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug', labels: { app: 'y' } }, spec: template.spec },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nats' }, spec: { selector: { app: 'x' } } },
    ];
    const pods = podsOf(objects, 'shop');
    expect(pods.map((p) => [p.name, p.namespace, p.labels.app])).toEqual([
      ['nats', 'shop', 'x'],
      ['agent', 'ops', 'x'],
      ['migrate', 'shop', 'x'],
      ['nightly', 'shop', 'x'],
      ['debug', 'shop', 'y'],
    ]);
    expect(pods[0]!.namespaceLabels).toEqual({ team: 'shop', 'kubernetes.io/metadata.name': 'shop' });
    expect(pods[1]!.namespaceLabels).toEqual({ 'kubernetes.io/metadata.name': 'ops' });
    expect(pods[0]!.ports).toEqual([
      { name: 'dns', containerPort: 53, protocol: 'UDP' },
      { containerPort: 80, protocol: 'TCP' },
      { name: 'proxy', containerPort: 15001, protocol: 'TCP' },
    ]);
    expect(connection([], pods[1]!, pods[0]!, 'dns', 'UDP').allowed).toBe(true);
    expect(() => podsOf(objects)).toThrow('StatefulSet nats has no namespace and no default namespace was given');
    const host = { ...objects[1]!, spec: { template: { spec: { hostNetwork: true, containers: [] } } } };
    expect(() => podsOf([host], 'shop')).toThrow(/hostNetwork/);
  });

  it('refuses what it does not evaluate instead of allowing it', () => {
    const refused: [K8sObject, RegExp][] = [
      [policy('p', { podSelector: {}, ingress: [], unknownField: true }), /spec: unsupported field unknownField/],
      [policy('p', { podSelector: { matchLabels: {}, matchFields: [] } }), /unsupported field matchFields/],
      [
        policy('p', { podSelector: { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] } }),
        /unsupported operator Gt/,
      ],
      [policy('p', { podSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }), /In needs values/],
      [policy('p', { podSelector: {}, policyTypes: ['ingress'] }), /unknown policy type ingress/],
      [policy('p', { podSelector: {}, ingress: [{ from: [{}] }] }), /a peer needs a selector/],
      [
        policy('p', { podSelector: {}, ingress: [{ from: [{ podSelector: {}, serviceAccount: 'x' }] }] }),
        /serviceAccount/,
      ],
      [
        policy('p', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }] }),
        /ipBlock with a selector/,
      ],
      [
        policy('p', {
          podSelector: {},
          egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.1.0.0/24'] } }] }],
        }),
        /not inside 10.0.0.0\/16/,
      ],
      [policy('p', { podSelector: {}, egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/33' } }] }] }), /not a CIDR/],
      [
        policy('p', { podSelector: {}, ingress: [{ ports: [{ port: 'http', endPort: 90 }] }] }),
        /endPort with a named port/,
      ],
      [policy('p', { podSelector: {}, ingress: [{ ports: [{ port: 90, endPort: 80 }] }] }), /endPort 80 below port 90/],
      [policy('p', { podSelector: {}, ingress: [{ ports: [{ port: '8080' }] }] }), /bad port name 8080/],
      [
        policy('p', { podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'ICMP' }] }] }),
        /unknown protocol ICMP/,
      ],
      [{ ...policy('p', { podSelector: {} }), metadata: { name: 'p' } }, /has no metadata.namespace/],
      [{ ...policy('p', {}), apiVersion: 'crd.projectcalico.org/v1' }, /is not evaluated/],
      [{ ...policy('p', {}), apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy' }, /is not evaluated/],
    ];
    for (const [object, error] of refused) expect(() => connection([object], gateway, order, 3103)).toThrow(error);
    // other kinds among the objects are skipped: a whole rendered overlay may be passed
    expect(connection([deployment('x', {}), denyIngress], gateway, order, 3103).allowed).toBe(false);
    expect(() => external('10.0.0.300')).toThrow(/not an IP address/);
    expect(() => connection([], gateway, order, 70000)).toThrow(/not a port number/);
  });
});
