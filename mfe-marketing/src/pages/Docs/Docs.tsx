import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SupportAgent from '@mui/icons-material/SupportAgentRounded';
import { PageContainer, RouteLink } from '@portal/ui';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
import {
  docsSections,
  type CodeLanguage,
  type DocsBlock,
  type DocsSection,
  type DocsSectionId,
} from '../../content/docs';
import { PageIntro } from '../../components/PageIntro';
import { Markup } from '../../markup/Markup';
import { CodeSample, type CodeSampleProps } from './CodeSample';
import { DocsNav, docsPanelId, docsTabId } from './DocsNav';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

type LanguageSwitch = NonNullable<CodeSampleProps['language']>;

const SECTION_TITLE_ID = 'docs-section-title';

function Block({ block, language }: { block: DocsBlock; language: LanguageSwitch }) {
  switch (block.type) {
    case 'text':
      return <Markup source={block.markup} />;
    case 'example':
      return <CodeSample title={block.title} code={block.code[language.current]} language={language} />;
    case 'snippet':
      return <CodeSample title={block.title} code={block.code} />;
  }
}

function ContactSupport() {
  return (
    <Box sx={{ p: 2.5, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <SupportAgent aria-hidden sx={{ color: 'secondary.main', mb: 1 }} />
      <Typography sx={{ fontWeight: 650, mb: 0.5 }}>Need a hand?</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Our integration team answers developer questions too.
      </Typography>
      <RouteLink href="/contact" sx={{ fontWeight: 600 }}>
        Contact Support
      </RouteLink>
    </Box>
  );
}

/** The section the address's hash names (`/docs#webhooks`), else the first (Getting Started). */
function sectionFromHash(sections: readonly DocsSection[], hash: string): DocsSection {
  const id = hash.slice(1);
  return sections.find((each) => each.id === id) ?? sections[0];
}

/**
 * The API's base URL as this deployment serves it: the runtime config's `api.baseUrl`, and this
 * site's own `/v1` until that has loaded (or when it names none).
 */
function useApiBaseUrl(): string {
  const [baseUrl, setBaseUrl] = useState(() => `${window.location.origin}/v1`);
  useEffect(() => {
    let current = true;
    void loadRuntimeConfig().then((config) => {
      if (current && config.api) setBaseUrl(config.api.baseUrl);
    });
    return () => {
      current = false;
    };
  }, []);
  return baseUrl;
}

/**
 * /docs: the documented API by section (tabs beside the content, a select on phones) with code samples.
 * The section is the address's hash, so a link opens on it and Back returns to the one before. The
 * content is written for the deployment's API base URL, and its reference from the API's OpenAPI document.
 */
export default function Docs() {
  usePublicPageMeta('/docs');
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const apiBaseUrl = useApiBaseUrl();
  const sections = useMemo(() => docsSections(apiBaseUrl), [apiBaseUrl]);
  const section = sectionFromHash(sections, useLocation().hash);
  const navigate = useNavigate();
  const showSection = (id: DocsSectionId) => void navigate(`#${id}`);
  const [current, setLanguage] = useState<CodeLanguage>('javascript');
  const language: LanguageSwitch = { current, onChange: setLanguage };

  return (
    <>
      <PageIntro eyebrow="Developers" title="Developer documentation">
        Connect your systems to our platform with the REST API and webhooks: create support tickets, look up
        agents and receive call events as they happen.
      </PageIntro>
      <PageContainer
        sx={{
          pb: { xs: 8, md: 12 },
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"nav" "content" "help"', md: '"nav content" "help content"' },
          // On wide screens the help box sits right under the tabs; the content spans both rows.
          gridTemplateRows: { md: 'auto 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridArea: 'nav', minWidth: 0 }}>
          <DocsNav wide={wide} selected={section.id} onSelect={showSection} />
        </Box>
        <Box sx={{ gridArea: 'help' }}>
          <ContactSupport />
        </Box>
        <Box
          component="section"
          role={wide ? 'tabpanel' : undefined}
          id={docsPanelId(section.id)}
          aria-labelledby={wide ? docsTabId(section.id) : SECTION_TITLE_ID}
          sx={{ gridArea: 'content', minWidth: 0 }}
        >
          <Typography id={SECTION_TITLE_ID} variant="h2" sx={{ mb: 3 }}>
            {section.title}
          </Typography>
          {section.blocks.map((block, index) => (
            <Block key={`${section.id}-${index}`} block={block} language={language} />
          ))}
        </Box>
      </PageContainer>
    </>
  );
}
