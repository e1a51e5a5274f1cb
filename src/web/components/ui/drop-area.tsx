import { type Accept, type FileRejection, useDropzone } from 'react-dropzone';

export interface DropAreaProps {
  accept: Accept;
  maxSize?: number;
  onFile(file: File): void;
  idleText: string;
  dragText: string;
  /** Shown instead of the idle text once a file is chosen. */
  chosen?: React.ReactNode;
  disabled?: boolean;
  label: string;
}

/**
 * A single-file drop area (react-dropzone). Rejections show the generic messages of spec §5
 * ('File type must be …', 'File is larger than … bytes', 'Too many files').
 */
export function DropArea(props: DropAreaProps) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: props.accept,
    maxSize: props.maxSize,
    multiple: false,
    maxFiles: 1,
    disabled: props.disabled,
    onDropAccepted: (files) => {
      const file = files[0];
      if (file) props.onFile(file);
    },
  });
  const rejection = firstRejection(fileRejections);
  return (
    <div>
      <div
        {...getRootProps({
          className: `drop-area${isDragActive ? ' dragging' : ''}${props.chosen ? ' chosen' : ''}`,
          'aria-label': props.label,
        })}
      >
        <input {...getInputProps()} />
        {isDragActive ? <p>{props.dragText}</p> : (props.chosen ?? <p>{props.idleText}</p>)}
      </div>
      {rejection ? (
        <p className="error small" role="alert">
          {rejection}
        </p>
      ) : null}
    </div>
  );
}

function firstRejection(rejections: readonly FileRejection[]): string | undefined {
  return rejections[0]?.errors[0]?.message;
}
