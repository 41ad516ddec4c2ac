import { Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { Loaded, TextBlock } from './documents.tsx';
import { DetailSection } from './detail-section.tsx';
import { KeyValues } from './key-values.tsx';
import { SystemCharts } from '../run-media/system/index.ts';

const bytes = (value: number | null) => (value === null ? null : `${(value / 1024 ** 3).toFixed(1)} GiB`);

/** The system usage charts (E40–E43, `sys.*`), the system details (E32) and the git metadata (E33) of an experiment. */
export function SystemSection({ experimentKey }: { experimentKey: string }) {
  const details = useApiQuery('getSystemDetails', { experimentKey });
  const git = useApiQuery('getGitMetadata', { experimentKey });
  return (
    <Stack spacing={3}>
      <SystemCharts experimentKey={experimentKey} />
      <DetailSection id="system" title="System">
        <Loaded query={details} what="system details">
          {(data) => (
            <Stack spacing={2}>
              <KeyValues
                label="System details"
                items={[
                  ['User', data.user],
                  ['Host name', data.hostname],
                  ['IP address', data.ip],
                  ['Operating system', data.os ?? data.osType],
                  ['Python', data.pythonVersionVerbose ?? data.pythonVersion],
                  ['Process id', data.pid],
                  ['Executable', data.executable],
                  ['Command', data.command.join(' ')],
                  ['Total RAM', bytes(data.totalRam)],
                  ['Largest GPU memory', bytes(data.maxTotalMemory)],
                  ['Network addresses', data.networkInterfaceIps.join(', ')],
                  ['Usage series', data.systemMetricNames.join(', ')],
                  ...data.logAdditionalSystemInfoList.map(({ key, value }): [string, string] => [key, JSON.stringify(value)]),
                ]}
              />
              {data.gpuStaticInfoList.length > 0 && (
                <Table size="small" aria-label="GPUs">
                  <TableHead>
                    <TableRow>
                      <TableCell>GPU</TableCell>
                      <TableCell>Name</TableCell>
                      <TableCell>Memory</TableCell>
                      <TableCell>Power limit</TableCell>
                      <TableCell>UUID</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.gpuStaticInfoList.map((gpu) => (
                      <TableRow key={gpu.gpuIndex}>
                        <TableCell>{gpu.gpuIndex}</TableCell>
                        <TableCell>{gpu.name}</TableCell>
                        <TableCell>{bytes(gpu.totalMemory)}</TableCell>
                        <TableCell>{gpu.powerLimit ?? '—'}</TableCell>
                        <TableCell>{gpu.uuid}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <TextBlock text={data.installedPackages.join('\n')} label="Installed packages" empty="No installed packages reported." />
              {data.osPackages.length > 0 && <TextBlock text={data.osPackages.join('\n')} label="OS packages" empty="" />}
            </Stack>
          )}
        </Loaded>
      </DetailSection>
      <DetailSection id="git" title="Git">
        <Loaded query={git} what="git metadata">
          {(data) => (
            <KeyValues
              label="Git metadata"
              items={[
                ['Branch', data.branch],
                ['Parent commit', data.parent],
                ['Origin', data.origin],
                ['Root', data.root],
                ['User', data.user],
              ]}
            />
          )}
        </Loaded>
      </DetailSection>
    </Stack>
  );
}
