// The moderation panel (spec "Moderation panel", §4 loading → overview / members / log, §8):
// real counts, the members with roles, timeouts, kick and ban, the reports, the audit log and the
// active bans. For the owner and moderators; members hear role and timeout changes live.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Flag from 'lucide-react/icons/flag';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ScrollText from 'lucide-react/icons/scroll-text';
import Users from 'lucide-react/icons/users';
import Modal from '../ui/Modal.jsx';
import LoadFailed from '../settings/LoadFailed.jsx';
import { asList, asServer, asUser, auditQuery, bansQuery, meQuery, membersQuery, serverQuery } from '../settings/queries.js';
import LogTab from './LogTab.jsx';
import MembersTab from './MembersTab.jsx';
import OverviewTab from './OverviewTab.jsx';
import PanelSkeleton from './PanelSkeleton.jsx';
import ReportsTab from './ReportsTab.jsx';
import { reportsQuery } from './reports.js';
import * as socket from '../../lib/socket.js';
import Tabs from './Tabs.jsx';
import { t } from '../../lib/i18n.js';

const TABS = [
  { id: 'overview', label: t('Обзор'), icon: LayoutDashboard },
  { id: 'members', label: t('Участники'), icon: Users },
  { id: 'reports', label: t('Жалобы'), icon: Flag },
  { id: 'log', label: t('Журнал'), icon: ScrollText },
];

// Spec §8: a missing endpoint (404) is tolerated as an empty list; a refusal is a load failure.
const missing = (query) => query.isError && query.error?.status === 404;

export default function ModerationPanel({ serverId, onClose }) {
  const [tab, setTab] = useState('overview');
  const serverState = useQuery(serverQuery(serverId));
  const membersState = useQuery(membersQuery(serverId));
  const auditState = useQuery(auditQuery(serverId));
  const bansState = useQuery(bansQuery(serverId));
  const meState = useQuery(meQuery);
  const reportsState = useQuery(reportsQuery(serverId));
  const queryClient = useQueryClient();

  useEffect(() => socket.on('member_updated', (data) => {
    if (data?.serverId === serverId) queryClient.invalidateQueries({ queryKey: ['members', serverId] });
  }), [queryClient, serverId]);

  const server = serverState.data ? asServer(serverState.data) : null;
  const members = asList(membersState.data, 'members');
  const audit = auditState.data;
  const actions = asList(audit, 'actions');
  const monthCount = audit?.monthCount ?? actions.length;
  const bans = asList(bansState.data, 'bans');
  const reports = asList(reportsState.data, 'reports');
  const openReports = reportsState.data?.openCount ?? reports.length;

  const failed = serverState.isError && !server
    ? serverState
    : [membersState, auditState].find((query) => query.isError && !missing(query));
  const loading = serverState.isPending || [membersState, auditState].some((query) => query.isPending);

  function retry() {
    for (const query of [serverState, membersState, auditState, bansState, reportsState]) {
      if (query.isError) query.refetch();
    }
  }

  let body;
  if (failed && !(server && (membersState.data || missing(membersState)) && (audit || missing(auditState)))) {
    body = <LoadFailed text={t('Не удалось загрузить данные модерации')} error={failed.error} onRetry={retry} />;
  } else if (loading) {
    body = <PanelSkeleton />;
  } else {
    body = (
      <div className="mod-panel">
        <Tabs tabs={TABS} value={tab} onChange={setTab} label={t('Разделы модерации')} idPrefix="mod" />
        <div className="mod-panel__body" role="tabpanel" id={`mod-panel-${tab}`} aria-labelledby={`mod-tab-${tab}`}
          tabIndex={0}>
          {tab === 'overview' && (
            <OverviewTab memberCount={server.memberCount ?? members.length} monthCount={monthCount}
              reportCount={openReports} actions={actions} onShowLog={() => setTab('log')} />
          )}
          {tab === 'members' && (
            <MembersTab serverId={serverId} server={server} members={members} me={asUser(meState.data)} />
          )}
          {tab === 'reports' && (
            <ReportsTab serverId={serverId} reports={reports} server={server} me={asUser(meState.data)} members={members} />
          )}
          {tab === 'log' && <LogTab serverId={serverId} actions={actions} bans={bans} />}
        </div>
      </div>
    );
  }

  return (
    <Modal title={t('Модерация')} subtitle={server?.name} size="lg" onClose={onClose}>
      {body}
    </Modal>
  );
}
