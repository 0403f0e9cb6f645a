import TextField from '@mui/material/TextField';
import {
  AGENT_EMAIL_MAX_LENGTH,
  AGENT_NAME_MAX_LENGTH,
  AGENT_TITLE_MAX_LENGTH,
  createAgentRequestSchema,
} from '@portal/contracts';

export interface AgentDraft {
  name: string;
  title: string;
  email: string;
}

/** The server's own rules for each field (contracts' schema): its message for each field that breaks one. */
export function agentProblems(draft: AgentDraft): Partial<Record<keyof AgentDraft, string>> {
  const result = createAgentRequestSchema.safeParse(draft);
  const problems: Partial<Record<keyof AgentDraft, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof AgentDraft;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Name, title and email of an agent, each with its problem once shown. */
export function AgentFields({
  draft,
  onChange,
  problems,
  disabled,
}: {
  draft: AgentDraft;
  onChange: (draft: AgentDraft) => void;
  problems: Partial<Record<keyof AgentDraft, string>>;
  disabled?: boolean;
}) {
  const field = (name: keyof AgentDraft, label: string, maxLength: number, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      required
      disabled={disabled}
      value={draft[name]}
      onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      error={problems[name] !== undefined}
      helperText={problems[name]}
      slotProps={{ htmlInput: { maxLength } }}
      fullWidth
    />
  );
  return (
    <>
      {field('name', 'Name', AGENT_NAME_MAX_LENGTH)}
      {field('title', 'Title', AGENT_TITLE_MAX_LENGTH)}
      {field('email', 'Email', AGENT_EMAIL_MAX_LENGTH, 'email')}
    </>
  );
}
