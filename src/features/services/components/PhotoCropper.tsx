/**
 * The service photo: pick an image file or a sample avatar, crop it square, see the preview.
 * The crop area is keyboard-movable: arrows move 1 px, with Shift 10 px, with Ctrl/Cmd 100 px.
 */
import { useId, useState } from 'react';
import ReactCrop from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { rasteriseSvg } from '../photo';
import { PHOTO_ASPECT, PHOTO_MIN_CROP_HEIGHT_PX, type PhotoCrop } from '../usePhotoCrop';

/** Keyboard nudge steps of spec 000 section 5 (the library's defaults; set so they cannot drift). */
ReactCrop.nudgeStep = 1;
ReactCrop.nudgeStepMedium = 10;
ReactCrop.nudgeStepLarge = 100;

export const SAMPLE_AVATARS = [
  { url: '/avatars/feather-on-stone.svg', label: 'Feather on stone' },
  { url: '/avatars/doves.svg', label: 'Doves' },
  { url: '/avatars/candle.svg', label: 'Candle' },
] as const;

interface Props {
  photo: PhotoCrop;
  /** The stored photo in update mode, shown until a new one is chosen. */
  currentUrl?: string | null;
  disabled?: boolean;
}

export function PhotoCropper({ photo, currentUrl, disabled }: Props) {
  const inputId = useId();
  const [sampleError, setSampleError] = useState<string | null>(null);

  const pickSample = async (url: string) => {
    setSampleError(null);
    try {
      photo.setImage(await rasteriseSvg(url));
    } catch {
      setSampleError('The sample picture could not be loaded.');
    }
  };

  return (
    <fieldset className="photo-field" disabled={disabled}>
      <legend>Photo of the person</legend>
      <div className="photo-layout">
        <div className="photo-main">
          <div className="field">
            <label htmlFor={inputId}>{currentUrl ? 'Choose a new photo (optional)' : 'Upload a photo'}</label>
            <input
              id={inputId}
              type="file"
              accept="image/*"
              className="input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) photo.setImage(file);
                e.target.value = '';
              }}
            />
          </div>
          <div className="sample-avatars" role="group" aria-label="Or use a sample picture">
            <span className="hint">Or use a sample picture:</span>
            {SAMPLE_AVATARS.map((a) => (
              <button key={a.url} type="button" className="sample-avatar" onClick={() => void pickSample(a.url)} aria-label={`Use the sample picture: ${a.label}`}>
                <img src={a.url} alt="" width={56} height={56} />
              </button>
            ))}
          </div>
          {sampleError && <p className="form-error">{sampleError}</p>}
          {photo.src && (
            <div className="cropper">
              <p className="hint" id={`${inputId}-crop-hint`}>
                Drag the square to choose the part of the photo to keep. With the keyboard, focus the square and use the arrow keys (Shift: 10 px, Ctrl or Cmd: 100 px).
              </p>
              <ReactCrop
                crop={photo.crop}
                onChange={(_, percent) => photo.setCrop(percent)}
                aspect={PHOTO_ASPECT}
                minHeight={PHOTO_MIN_CROP_HEIGHT_PX}
                keepSelection
                ruleOfThirds
              >
                <img ref={photo.imageRef} src={photo.src} alt="Photo to crop" onLoad={(e) => photo.onImageLoad(e.currentTarget)} className="cropper-image" />
              </ReactCrop>
            </div>
          )}
        </div>
        <div className="photo-preview">
          <span className="hint">Preview</span>
          {photo.src ? (
            <canvas ref={photo.previewRef} className="avatar-preview" role="img" aria-label="Preview of the cropped photo" />
          ) : currentUrl ? (
            <img src={currentUrl} alt="Current photo" className="avatar-preview" />
          ) : (
            <div className="avatar-preview avatar-empty" aria-hidden="true" />
          )}
        </div>
      </div>
    </fieldset>
  );
}
