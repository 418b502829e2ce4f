import { HelpArticle } from '../components/HelpArticle';

export default function HelpDocsPage() {
  return <HelpArticle topic="docs" />;
}
