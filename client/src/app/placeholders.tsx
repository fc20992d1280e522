// Pages that arrive with later issues: a short notice in the right layout.
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export function ProfilePlaceholder() {
  const { username = '' } = useParams();
  return <PlaceholderPage title={`@${username}`}>This contestant's profile is coming soon.</PlaceholderPage>;
}

export const soon = (title: string, text?: string) => <PlaceholderPage title={title}>{text}</PlaceholderPage>;
