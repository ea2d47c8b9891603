// The /app page's islands in one file: they always load together, and one file compresses better
// and costs fewer requests than the dozen chunks esbuild would split their shared code into.
import AppShell from '../AppShell.jsx';
import ChatIsland, { prepare } from './ChatIsland.jsx';
import PaletteIsland from './PaletteIsland.jsx';
import RailIsland from './RailIsland.jsx';
import SidebarIsland, { prepare as prepareSidebar } from './SidebarIsland.jsx';
import TopBarIsland from './TopBarIsland.jsx';

export const topbar = { default: TopBarIsland };
export const sidebar = { default: SidebarIsland, prepare: prepareSidebar };
export const rail = { default: RailIsland };
export const chat = { default: ChatIsland, prepare };
export const palette = { default: PaletteIsland };
export const appShell = { default: AppShell };
