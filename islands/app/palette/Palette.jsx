// The command palette (spec 001 "Command palette"): cmdk does the filtering and the keyboard; the
// list holds the commands that act today, then every server of the user and the channels of the
// one open, so typing a name jumps there. Loaded when first opened.
import { Command, useCommandState } from 'cmdk';
import Hash from 'lucide-react/icons/hash';
import Volume2 from 'lucide-react/icons/volume-2';
import { useState } from 'react';
import { useChannels, useServers } from '../data/queries.js';
import { channelPath, navigate, serverPath, useRoute } from '../router.js';
import Modal from '../ui/Modal.jsx';
import ServerIcon from '../ui/ServerIcon.jsx';
import { commands } from './commands.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { t } from '../../lib/i18n.js';

function Footer({ search }) {
  const count = useCommandState((state) => state.filtered.count);
  return (
    <footer className="palette__footer">
      <span>{t('↑↓ — выбор · Enter — выполнить · Esc — закрыть')}</span>
      <span aria-live="polite">{search ? t('Найдено: {count}', { count }) : t('Начните вводить команду')}</span>
    </footer>
  );
}

export default function Palette({ csrfToken, onClose }) {
  const [search, setSearch] = useState('');
  const { serverId } = useRoute();
  const { data: servers = [] } = useServers();
  const { data: channels = [] } = useChannels(serverId ?? null, serverId != null);
  const serverName = servers.find((server) => server.id === serverId)?.name;
  const run = (action) => () => { onClose(); action(); };
  return (
    <Modal label={t('Командная палитра')} size="md" className="palette" onClose={onClose}>
      <Command label={t('Командная палитра')} loop>
        <Command.Input className="palette__input" placeholder={t('Введите команду...')} value={search}
          onValueChange={setSearch} autoFocus />
        <Command.List className="palette__list">
          <Command.Empty className="palette__empty">{t('Команды не найдены')}</Command.Empty>
          <Command.Group heading={t('Команды')}>
            {commands(csrfToken).map((command) => (
              <Command.Item key={command.id} value={`command ${command.id}`} className="palette__item"
                keywords={[command.label, command.description, command.category]} onSelect={run(command.run)}>
                <span className="palette__label">{command.label}</span>
                <span className="palette__description">{command.description}</span>
                {command.shortcut && <kbd className="palette__kbd">{command.shortcut}</kbd>}
              </Command.Item>
            ))}
          </Command.Group>
          {channels.length > 0 && (
            <Command.Group heading={t('Каналы · {server}', { server: serverName ?? t('сервер') })}>
              {channels.map((channel) => (
                <Command.Item key={channel.id} value={`channel ${channel.id}`} className="palette__item"
                  keywords={[channel.name, t('канал')]} onSelect={run(() => navigate(channelPath(serverId, channel.id)))}>
                  {channel.type === 'VOICE' ? <Volume2 size={16} aria-hidden="true" /> : <Hash size={16} aria-hidden="true" />}
                  <span className="palette__label">{channel.name}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {servers.length > 0 && (
            <Command.Group heading={t('Серверы')}>
              {servers.map((server) => (
                <Command.Item key={server.id} value={`server ${server.id}`} className="palette__item"
                  keywords={[server.name, server.description ?? '', t('сервер')]}
                  onSelect={run(() => navigate(serverPath(server.id)))}>
                  <ServerIcon server={server} size={20} />
                  <span className="palette__label">{server.name}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
        </Command.List>
        <Footer search={search} />
      </Command>
    </Modal>
  );
}
