// A message's context menu (right click, long press, Menu key or Shift+F10 on the message): what its
// hover toolbar offers (MessageActions.jsx) — react, reply, edit your own, report someone else's on a
// server, copy its id in developer mode, delete your own or, for the owner and moderators, anyone's —
// and copying its text. Loaded when a message's menu is first opened.
import Copy from 'lucide-react/icons/copy';
import Flag from 'lucide-react/icons/flag';
import IdCard from 'lucide-react/icons/id-card';
import Pencil from 'lucide-react/icons/pencil';
import Reply from 'lucide-react/icons/reply';
import SmilePlus from 'lucide-react/icons/face-slightly-smiling-plus';
import Trash2 from 'lucide-react/icons/trash';
import { copyId, copyText } from '../../lib/clipboard.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import ContextMenu from '../ui/ContextMenu.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { deleteMessage } from './actions.js';
import { canReport, reportMessage } from './MessageActions.jsx';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

async function copyContent(message) {
  try {
    await copyText(message.content);
    toast.success(t('Текст скопирован'));
  } catch {
    toast.error(t('Не удалось скопировать текст'));
  }
}

export default function MessageMenu({ at, origin, onClose, message, me, canEdit, canDelete, onReact, onReply, onEdit }) {
  const developer = useDeveloperMode();
  if (!at) return null;
  const items = [
    { id: 'react', label: t('Добавить реакцию'), icon: SmilePlus, onSelect: onReact },
    { id: 'reply', label: t('Ответить'), icon: Reply, onSelect: () => onReply(message) },
    canEdit && { id: 'edit', label: t('Изменить'), icon: Pencil, onSelect: onEdit },
    message.content && { id: 'copy', label: t('Копировать текст'), icon: Copy, onSelect: () => copyContent(message) },
    'separator',
    canReport(message, me) && { id: 'report', label: t('Пожаловаться'), icon: Flag, onSelect: () => reportMessage(message) },
    developer && { id: 'copy-id', label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(message.id) },
    canDelete && { id: 'delete', label: t('Удалить'), icon: Trash2, danger: true, onSelect: () => deleteMessage(message) },
  ];
  return <ContextMenu at={at} origin={origin} onClose={onClose} items={items} label={t('Действия с сообщением')} />;
}
