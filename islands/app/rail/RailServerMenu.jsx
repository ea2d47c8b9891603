// A rail server's context menu (a right click, a long press, the Menu key or Shift+F10 on its
// icon): 'Переместить выше' / 'Переместить ниже' (the way a touch screen reorders the rail), then
// what the server's own menu offers (servers/ServerMenu.jsx: invite, settings, moderation, the
// id in developer mode, leave). Loaded when first opened; it stays mounted afterwards, so the
// invite dialog outlives the menu.
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { keys } from '../data/queries.js';
import InviteDialog from '../servers/InviteDialog.jsx';
import { serverMenuItems } from '../servers/ServerMenu.jsx';
import ContextMenu from '../ui/ContextMenu.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { moveServer } from './order.js';
import { t } from '../../lib/i18n.js';

export default function RailServerMenu({ at, origin, onClose, server, userId }) {
  const queryClient = useQueryClient();
  const developer = useDeveloperMode();
  const [inviting, setInviting] = useState(false);
  const servers = queryClient.getQueryData(keys.servers())?.servers ?? [];
  const index = servers.findIndex((item) => item.id === server.id);
  const items = [
    index > 0 && { id: 'move-up', label: t('Переместить выше'), icon: ArrowUp,
      onSelect: () => moveServer(queryClient, server.id, index - 1) },
    index >= 0 && index < servers.length - 1 && { id: 'move-down', label: t('Переместить ниже'), icon: ArrowDown,
      onSelect: () => moveServer(queryClient, server.id, index + 1) },
    'separator',
    ...serverMenuItems({ server, owner: server.ownerId === userId, developer, queryClient,
      invite: () => setInviting(true) }),
  ];
  return (
    <>
      {at && <ContextMenu at={at} origin={origin} onClose={onClose} items={items} className="server-menu"
        label={t('Меню сервера {name}', { name: server.name })} />}
      {inviting && <InviteDialog server={server} onClose={() => setInviting(false)} />}
    </>
  );
}
