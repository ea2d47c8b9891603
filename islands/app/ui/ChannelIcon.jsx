import Hash from 'lucide-react/icons/hash';
import Volume2 from 'lucide-react/icons/volume-2';

/** The type icon of a channel: Hash for TEXT, Volume2 for VOICE. */
export default function ChannelIcon({ type, size = 18, className = '' }) {
  const Icon = type === 'VOICE' ? Volume2 : Hash;
  return <Icon size={size} className={className} aria-hidden="true" />;
}
