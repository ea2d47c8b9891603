// A server's menu (opened from the sidebar's server header, by its button or a right click):
// 'Пригласить людей' and 'Настройки сервера' for every member (the settings read-only but for the
// owner), 'Модерация' for the owner and moderators, 'Копировать ID сервера' in developer mode, and
// 'Покинуть сервер' (the owner is told to hand the server over first). Loaded when first opened;
// it stays mounted afterwards so the invite dialog outlives the menu.
import IdCard from 'lucide-react/icons/id-card';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { copyId } from '../../lib/clipboard.js';
import { canManageChannels, isMember } from '../data/queries.js';
import { navigate, serverPath } from '../router.js';
import ContextMenu from '../ui/ContextMenu.jsx';
import InviteDialog from './InviteDialog.jsx';
import { leaveServer } from './leaveServer.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

/** What a person may do with `server` from its menu (the rail's menu can offer the same). */
export function serverMenuItems({ server, owner, developer, queryClient, invite }) {
  const member = isMember(server);
  return [
    member && server.inviteCode && { id: 'invite', label: t('Пригласить людей'), icon: UserPlus, onSelect: invite },
    member && { id: 'settings', label: t('Настройки сервера'), icon: Settings,
      onSelect: () => navigate(`${serverPath(server.id)}/settings`) },
    canManageChannels(server) && { id: 'moderation', label: t('Модерация'), icon: ShieldCheck,
      onSelect: () => navigate(`${serverPath(server.id)}/admin`) },
    developer && { id: 'copy-id', label: t('Копировать ID сервера'), icon: IdCard, onSelect: () => copyId(server.id) },
    'separator',
    member && { id: 'leave', label: t('Покинуть сервер'), icon: LogOut, danger: true,
      onSelect: () => leaveServer(queryClient, server, { owner }) },
  ];
}

export default function ServerMenu({ at, origin, onClose, server, owner, developer }) {
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const items = serverMenuItems({ server, owner, developer, queryClient, invite: () => setInviting(true) });
  return (
    <>
      {at && <ContextMenu at={at} origin={origin} onClose={onClose} items={items} className="server-menu"
        label={t('Меню сервера {name}', { name: server.name })} />}
      {inviting && <InviteDialog server={server} onClose={() => setInviting(false)} />}
    </>
  );
}
