// The help sheet ('?', or the palette's 'Сочетания клавиш'): every shortcut of the registry that
// reaches the page in this browser, by group, with the keys as this keyboard names them. Loaded when first opened (../later.js).
import Modal from '../ui/Modal.jsx';
import { t } from '../../lib/i18n.js';
import { shownKeys, workingShortcuts } from './registry.js';

const GROUPS = { general: t('Общие'), navigation: t('Навигация'), voice: t('Голос') };

// What each entry of the registry is called (by its id): kept here, off the page's first load.
const LABELS = {
  palette: t('Командная палитра'),
  search: t('Поиск сообщений'),
  help: t('Сочетания клавиш'),
  escape: t('Закрыть верхний слой'),
  perf: t('Панель производительности'),
  gaming: t('Игровая панель'),
  discover: t('Найти сервер'),
  create: t('Создать сервер'),
  friends: t('Друзья'),
  settings: t('Настройки'),
  server: t('Сервер по номеру в списке'),
  previous: t('Предыдущий канал'),
  next: t('Следующий канал'),
  previousUnread: t('Предыдущий непрочитанный канал'),
  nextUnread: t('Следующий непрочитанный канал'),
  mute: t('Микрофон: вкл./выкл.'),
  deafen: t('Звук: вкл./выкл.'),
};

export default function HelpSheet({ onClose }) {
  return (
    <Modal readOnly title={t('Сочетания клавиш')} subtitle={t('В поле ввода действуют только сочетания с Ctrl или Alt и Esc')}
      size="md" className="help-sheet" onClose={onClose}>
      {Object.entries(GROUPS).map(([group, heading]) => (
        <section key={group} className="help-sheet__group" aria-labelledby={`help-${group}`}>
          <h3 id={`help-${group}`} className="help-sheet__heading">{heading}</h3>
          <dl className="help-sheet__list">
            {workingShortcuts().filter((entry) => entry.group === group).map((entry) => (
              <div key={entry.id} className="help-sheet__row" data-shortcut={entry.id}>
                <dt>{LABELS[entry.id]}</dt>
                <dd><kbd className="palette__kbd">{shownKeys(entry.keys)}</kbd></dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
