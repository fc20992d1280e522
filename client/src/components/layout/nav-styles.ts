export const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold tracking-wider transition-colors hover:text-blood-300 ${isActive ? 'text-blood-400' : 'text-bone-200'}`;

export const mobileLinkClass = 'block w-full rounded-md px-4 py-3 text-left text-base font-medium text-bone-50 hover:bg-night-700 hover:text-blood-300';
