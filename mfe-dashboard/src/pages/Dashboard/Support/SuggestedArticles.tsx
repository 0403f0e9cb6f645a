import { useDeferredValue, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { suggestArticles, type HelpArticle } from '@portal/help-center';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useDeflectMutation } from './support-api';

export interface SuggestedArticlesProps {
  /** The new ticket's title as typed so far. */
  title: string;
  /** 'This solved it' was pressed and counted: no ticket is opened. */
  onSolved: () => void;
}

/**
 * Under a new ticket's title: up to three help-center articles that match it. One opens in place
 * (its answer, 'This solved it' and 'Continue with my ticket'); 'This solved it' counts a deflection
 * (`POST /api/support/deflections`) and ends the ticket without opening it.
 */
export function SuggestedArticles({ title, onSolved }: SuggestedArticlesProps) {
  const deferredTitle = useDeferredValue(title);
  const suggestions = suggestArticles(deferredTitle);
  const [openId, setOpenId] = useState<string | null>(null);
  const headingId = useId();
  const open = suggestions.find((article) => article.id === openId);

  return (
    // Announced as it changes, politely: typing goes on while the suggestions follow.
    <Box aria-live="polite">
      {suggestions.length > 0 && (
        <Box
          component="section"
          aria-labelledby={headingId}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 1.5, sm: 2 } }}
        >
          <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            These articles may answer it
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {suggestions.map((article) => (
              <li key={article.id}>
                <SuggestedArticle
                  article={article}
                  expanded={open?.id === article.id}
                  onToggle={() => setOpenId(open?.id === article.id ? null : article.id)}
                  title={deferredTitle}
                  onSolved={onSolved}
                />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function SuggestedArticle({
  article,
  expanded,
  onToggle,
  title,
  onSolved,
}: {
  article: HelpArticle;
  expanded: boolean;
  onToggle: () => void;
  title: string;
  onSolved: () => void;
}) {
  const dispatch = useAppDispatch();
  const [deflect, { isLoading }] = useDeflectMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const answerId = useId();

  const solved = async () => {
    setFailure(null);
    try {
      await deflect({ articleId: article.id, query: title.trim() || undefined }).unwrap();
      dispatch(
        showToast({
          title: 'Glad that helped',
          description: 'No ticket was opened. You can always open one from the Support tab.',
          severity: 'success',
        }),
      );
      onSolved();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Please try again in a moment.');
    }
  };

  return (
    <Box sx={{ borderRadius: 2, bgcolor: 'action.hover' }}>
      <ButtonBase
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={answerId}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          textAlign: 'left',
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <ArticleRounded aria-hidden fontSize="small" color="secondary" />
        <Typography component="span" variant="body2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {article.question}
        </Typography>
        <ExpandMoreRounded
          aria-hidden
          fontSize="small"
          sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 0.2s' }}
        />
      </ButtonBase>
      <Box
        id={answerId}
        role="region"
        aria-label={article.question}
        hidden={!expanded}
        sx={{ px: 1.5, pb: 1.5 }}
      >
        {expanded && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {article.answer}
            </Typography>
            {failure && (
              <Alert severity="error" sx={{ mb: 1.5 }}>
                {`We could not record that: ${failure}`}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                size="small"
                variant="contained"
                color="success"
                startIcon={<CheckCircleRounded />}
                onClick={() => void solved()}
                disabled={isLoading}
              >
                This solved it
              </Button>
              <Button size="small" color="inherit" onClick={onToggle}>
                Continue with my ticket
              </Button>
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
