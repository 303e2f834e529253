import { useId, useRef, useState, type DragEvent } from 'react';
import { FILE_INPUT_CLASS } from '@/components/ui/file-input';
import { IMPORT_ACCEPT } from '../utils/file-preview';

/**
 * Pick a file, or drop one on the zone. The input stays the one control (labelled, reachable by
 * keyboard); the zone around it only adds dropping.
 */
export function FileDrop({ onFile, disabled = false }: { onFile: (file: File) => void; disabled?: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div
      data-testid="file-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-box border-2 border-dashed p-6 text-center transition-colors ${
        over ? 'border-primary bg-primary/5' : 'border-base-300 bg-base-100'
      }`}
    >
      <label htmlFor={inputId} className="text-base font-semibold">
        Choose a CSV or Excel file
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-describedby={hintId}
        disabled={disabled}
        className={FILE_INPUT_CLASS}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // The same file can be chosen again after it was fixed.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="text-sm text-base-content/70">
        or drop it here. CSV (comma, semicolon or tab) or .xlsx; the first row names the columns.
      </p>
    </div>
  );
}
