import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFileRounded';
import { CV_FIELD, cvMediaTypes } from '@portal/contracts';
import { fileSizeText } from './cv-check';

const ACCEPTED = ['.pdf', '.docx', ...Object.values(cvMediaTypes)].join(',');

export interface CvFieldProps {
  id: string;
  file: File | null;
  error?: string;
  onSelect: (file: File | null) => void;
}

/**
 * The CV picker: a button that opens the file chooser (the input itself stays out of sight and out
 * of the tab order), the chosen file's name and size, and what is wrong with it.
 */
export function CvField({ id, file, error, onSelect }: CvFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography id={`${id}-label`} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        CV (PDF or DOCX, up to 5 MB) *
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button
          id={id}
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<AttachFileIcon />}
          onClick={() => input.current?.click()}
          aria-labelledby={`${id} ${id}-label`}
          aria-describedby={error ? `${chosenId} ${errorId}` : chosenId}
        >
          {file ? 'Replace CV' : 'Attach CV'}
        </Button>
        <Typography id={chosenId} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} (${fileSizeText(file.size)})` : 'No file chosen'}
        </Typography>
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
      <input
        ref={input}
        type="file"
        name={CV_FIELD}
        accept={ACCEPTED}
        hidden
        tabIndex={-1}
        aria-label="CV file"
        onChange={(event) => {
          onSelect(event.target.files?.[0] ?? null);
          // The same file can be chosen again once it has been fixed.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
