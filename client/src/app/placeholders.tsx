// Pages that arrive with later issues: a short notice in the right layout.
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const soon = (title: string, text?: string) => <PlaceholderPage title={title}>{text}</PlaceholderPage>;
