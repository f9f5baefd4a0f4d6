import { addDays, todayInZone } from '@hookpost/shared/time'
import { Field } from '../../../components/ui/field'
import { MessageBanner } from '../../../components/ui/message-banner'
import { BATCH_CSV_COLUMNS } from '../utils/batch-csv'

/**
 * "Fill in from a CSV file": how the file is laid out, an example made of the batch's own file names and first
 * account, the file input, and what filling in did (lines applied, or the file's problems).
 */
export function BatchCsvFill({
  id,
  fileNames,
  exampleAccount,
  timeZone,
  now,
  applied,
  problems,
  onFile,
}: {
  id: string
  fileNames: readonly string[]
  exampleAccount: string
  timeZone: string
  now: () => Date
  applied: string | null
  problems: readonly string[]
  onFile: (file: File) => void
}) {
  const exampleDate = addDays(todayInZone(now(), timeZone), 1)
  const example = [
    BATCH_CSV_COLUMNS.join(','),
    `${fileNames[0] ?? 'morning.mp4'},"My morning routine, part 1",${exampleDate},09:30,@${exampleAccount}`,
    `${fileNames[1] ?? 'lunch.mp4'},Lunch in 60 seconds #food,${addDays(exampleDate, 1)},18:00,@${exampleAccount}`,
  ].join('\n')
  return (
    <>
      <details className="rounded-md border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">Fill in from a CSV file</summary>
        <div className="mt-3 space-y-2 text-slate-700">
          <p>
            Drop the videos first. Then each line of the CSV fills in the video with the same file name. The first line
            names the columns: <code>{BATCH_CSV_COLUMNS.join(',')}</code>.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <strong>file</strong>: the video&apos;s file name, as listed below
            </li>
            <li>
              <strong>caption</strong>: its title (put it in double quotes if it has a comma)
            </li>
            <li>
              <strong>date</strong>: YYYY-MM-DD; <strong>time</strong>: HH:MM on the 24-hour clock, both in the time
              zone above
            </li>
            <li>
              <strong>account</strong>: the TikTok account&apos;s @username
            </li>
          </ul>
          <p id={`${id}-csv-example-label`}>For example:</p>
          <pre aria-labelledby={`${id}-csv-example-label`} className="overflow-x-auto rounded bg-slate-100 p-2 text-xs">
            {example}
          </pre>
          <Field
            label="CSV file"
            error={undefined}
            render={(props) => (
              <input
                {...props}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  if (file) onFile(file)
                }}
              />
            )}
          />
        </div>
      </details>
      {applied ? <MessageBanner tone="info">{applied}</MessageBanner> : null}
      {problems.length > 0 ? (
        <MessageBanner tone="error">
          <ul className="space-y-1">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </MessageBanner>
      ) : null}
    </>
  )
}
