<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="en_GB">
<context>
    <name>AdviceViewWords</name>
    <message numerus="yes">
        <source>%n TCP connection(s)</source>
        <translation>
            <numerusform>%n TCP connection</numerusform>
            <numerusform>%n TCP connections</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AdviceWords</name>
    <message numerus="yes">
        <source>{pause} (%n round trip(s) of {rtt} and the file&apos;s creation)</source>
        <translation>
            <numerusform>{pause} (%n round trip of {rtt} and the file&apos;s creation)</numerusform>
            <numerusform>{pause} (%n round trips of {rtt} and the file&apos;s creation)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} pauses about {pause} on every file: {time} of its {total} for %n file(s).</source>
        <translation>
            <numerusform>{method} pauses about {pause} on every file: {time} of its {total} for %n file.</numerusform>
            <numerusform>{method} pauses about {pause} on every file: {time} of its {total} for %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in flight), so %n streams side by side carry {rate} MB/s while {network}.</source>
        <translation>
            <numerusform>One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in flight), so %n stream side by side carries {rate} MB/s while {network}.</numerusform>
            <numerusform>One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in flight), so %n streams side by side carry {rate} MB/s while {network}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ssh&apos;s 2 MiB window over a {rtt} round trip holds each stream to {each} MB/s, so %n streams side by side carry {rate} MB/s while {network}.</source>
        <translation>
            <numerusform>ssh&apos;s 2 MiB window over a {rtt} round trip holds each stream to {each} MB/s, so %n stream side by side carries {rate} MB/s while {network}.</numerusform>
            <numerusform>ssh&apos;s 2 MiB window over a {rtt} round trip holds each stream to {each} MB/s, so %n streams side by side carry {rate} MB/s while {network}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n stream</numerusform>
            <numerusform>%n streams</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n parallel stream(s)</source>
        <translation>
            <numerusform>%n parallel stream</numerusform>
            <numerusform>%n parallel streams</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than racing the methods would take, so it copied them at once.</source>
        <translation>
            <numerusform>Not raced: {method} was predicted to copy %n file ({size}) in {time}, sooner than racing the methods would take, so it copied them at once.</numerusform>
            <numerusform>Not raced: {method} was predicted to copy %n files ({size}) in {time}, sooner than racing the methods would take, so it copied them at once.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than measuring the link and racing the methods would take, so it copied them at once.</source>
        <translation>
            <numerusform>Not raced: {method} was predicted to copy %n file ({size}) in {time}, sooner than measuring the link and racing the methods would take, so it copied them at once.</numerusform>
            <numerusform>Not raced: {method} was predicted to copy %n files ({size}) in {time}, sooner than measuring the link and racing the methods would take, so it copied them at once.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its %Ln file(s) cost more each than the race&apos;s sample of them showed</source>
        <translation>
            <numerusform>its %Ln file cost more each than the race&apos;s sample of them showed</numerusform>
            <numerusform>its %Ln files cost more each than the race&apos;s sample of them showed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your selection (%n file(s), {size}) is too little to time the link with: {method} copied it in the race in {time}, most of that starting up.</source>
        <translation>
            <numerusform>Your selection (%n file, {size}) is too little to time the link with: {method} copied it in the race in {time}, most of that starting up.</numerusform>
            <numerusform>Your selection (%n files, {size}) is too little to time the link with: {method} copied it in the race in {time}, most of that starting up.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your selection (%n file(s), {size}) is too little to time the link with: {method} is predicted to copy it in {time}, most of that starting up.</source>
        <translation>
            <numerusform>Your selection (%n file, {size}) is too little to time the link with: {method} is predicted to copy it in {time}, most of that starting up.</numerusform>
            <numerusform>Your selection (%n files, {size}) is too little to time the link with: {method} is predicted to copy it in {time}, most of that starting up.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CliOutput</name>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n stream</numerusform>
            <numerusform>%n streams</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeleteWords</name>
    <message numerus="yes">
        <source>&amp;Delete %Ln item(s)</source>
        <translation>
            <numerusform>&amp;Delete %Ln item</numerusform>
            <numerusform>&amp;Delete %Ln items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HostErrors</name>
    <message numerus="yes">
        <source>Transfer Advisor could not stop what it started on {host}: {processes} still run(s); end it/them there with `kill -9 {pids}`.</source>
        <translation>
            <numerusform>Transfer Advisor could not stop what it started on {host}: {processes} still runs; end it there with `kill -9 {pids}`.</numerusform>
            <numerusform>Transfer Advisor could not stop what it started on {host}: {processes} still run; end them there with `kill -9 {pids}`.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Probes</name>
    <message numerus="yes">
        <source>Raw TCP, download, %n connections</source>
        <translation>
            <numerusform>Raw TCP, download, %n connection</numerusform>
            <numerusform>Raw TCP, download, %n connections</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP, upload, %n connections</source>
        <translation>
            <numerusform>Raw TCP, upload, %n connection</numerusform>
            <numerusform>Raw TCP, upload, %n connections</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{rate} (of the %n at once)</source>
        <translation>
            <numerusform>{rate} (of the %n at once)</numerusform>
            <numerusform>{rate} (of the %n at once)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileWords</name>
    <message numerus="yes">
        <source>Raw TCP {way} was measured on %n connection(s) at once ({every} in all): each was held by its buffers over the round trip, so one alone moves {one}.</source>
        <translation>
            <numerusform>Raw TCP {way} was measured on %n connection at once ({every} in all): each was held by its buffers over the round trip, so one alone moves {one}.</numerusform>
            <numerusform>Raw TCP {way} was measured on %n connections at once ({every} in all): each was held by its buffers over the round trip, so one alone moves {one}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raw TCP {way} was measured on %n connection(s) at once ({every} in all): none was held by its buffers, so one alone fills that ({one}).</source>
        <translation>
            <numerusform>Raw TCP {way} was measured on %n connection at once ({every} in all): none was held by its buffers, so one alone fills that ({one}).</numerusform>
            <numerusform>Raw TCP {way} was measured on %n connections at once ({every} in all): none was held by its buffers, so one alone fills that ({one}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>not needed for %n file(s)</source>
        <translation>
            <numerusform>not needed for %n file</numerusform>
            <numerusform>not needed for %n files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecommendationWords</name>
    <message numerus="yes">
        <source>Why not the other %n method(s)?</source>
        <translation>
            <numerusform>Why not the other method?</numerusform>
            <numerusform>Why not the other %n methods?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RemoteBrowserWords</name>
    <message numerus="yes">
        <source>%Ln folder(s)</source>
        <translation>
            <numerusform>%Ln folder</numerusform>
            <numerusform>%Ln folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SelectionPanelWords</name>
    <message numerus="yes">
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsWords</name>
    <message numerus="yes">
        <source> method(s)</source>
        <translation>
            <numerusform> method</numerusform>
            <numerusform> methods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The state is now kept in {folder}, but %Ln old file(s) could not be removed; delete them by hand when you like.</source>
        <translation>
            <numerusform>The state is now kept in {folder}, but %Ln old file could not be removed; delete them by hand when you like.</numerusform>
            <numerusform>The state is now kept in {folder}, but %Ln old files could not be removed; delete them by hand when you like.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TransferErrors</name>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} and %n more</numerusform>
            <numerusform>{names} and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moving the copy into place at {where} failed at {path} after %n item(s) of {total} were placed; the rest are kept: run the same copy again to place them.</source>
        <translation>
            <numerusform>Moving the copy into place at {where} failed at {path} after %n item of {total} were placed; the rest are kept: run the same copy again to place them.</numerusform>
            <numerusform>Moving the copy into place at {where} failed at {path} after %n items of {total} were placed; the rest are kept: run the same copy again to place them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) of the copy are already at {where} and differ ({names}); nothing was copied: add --existing skip, replace, newer or rename (keep both).</source>
        <translation>
            <numerusform>%n item of the copy is already at {where} and differs ({names}); nothing was copied: add --existing skip, replace, newer or rename (keep both).</numerusform>
            <numerusform>%n items of the copy are already at {where} and differ ({names}); nothing was copied: add --existing skip, replace, newer or rename (keep both).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At {where}, {first} (and %n item(s) more like it), which is never replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).</source>
        <translation>
            <numerusform>At {where}, {first} (and %n item more like it), which is never replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).</numerusform>
            <numerusform>At {where}, {first} (and %n items more like it), which is never replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) ({files}, {size}): {names}</source>
        <translation>
            <numerusform>%n item ({files}, {size}): {names}</numerusform>
            <numerusform>%n items ({files}, {size}): {names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy is in place and verified, but %n item(s) at {where} could not be deleted ({names}); check the permissions there and run the mirror again.</source>
        <translation>
            <numerusform>The copy is in place and verified, but %n item at {where} could not be deleted ({names}); check the permissions there and run the mirror again.</numerusform>
            <numerusform>The copy is in place and verified, but %n items at {where} could not be deleted ({names}); check the permissions there and run the mirror again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{problems}; and %n more</source>
        <translation>
            <numerusform>{problems}; and %n more</numerusform>
            <numerusform>{problems}; and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verification failed: %n item(s) differ(s) at {where}; copy again (with a different method if it repeats).</source>
        <translation>
            <numerusform>Verification failed: %n item differs at {where}; copy again (with a different method if it repeats).</numerusform>
            <numerusform>Verification failed: %n items differ at {where}; copy again (with a different method if it repeats).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n local hash(es)</source>
        <translation>
            <numerusform>%n local hash</numerusform>
            <numerusform>%n local hashes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remote hash(es)</source>
        <translation>
            <numerusform>%n remote hash</numerusform>
            <numerusform>%n remote hashes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verification failed: %n file(s) differ(s) in content; copy again.</source>
        <translation>
            <numerusform>Verification failed: %n file differs in content; copy again.</numerusform>
            <numerusform>Verification failed: %n files differ in content; copy again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TransferWording</name>
    <message numerus="yes">
        <source>The selection&apos;s %n symbolic link(s) arrive(s) as copies of what they point to, not as links.</source>
        <translation>
            <numerusform>The selection&apos;s symbolic link arrives as a copy of what it points to, not as a link.</numerusform>
            <numerusform>The selection&apos;s %n symbolic links arrive as copies of what they point to, not as links.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} copies the %n hard-linked file(s) as separate files ({size} more at the destination).</source>
        <translation>
            <numerusform>{method} copies the %n hard-linked file as separate files ({size} more at the destination).</numerusform>
            <numerusform>{method} copies the %n hard-linked files as separate files ({size} more at the destination).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} writes the %n sparse file(s) out whole ({size} more on the destination&apos;s disk).</source>
        <translation>
            <numerusform>{method} writes the sparse file out whole ({size} more on the destination&apos;s disk).</numerusform>
            <numerusform>{method} writes the %n sparse files out whole ({size} more on the destination&apos;s disk).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{method} does not keep the extended attributes and ACLs of %n item(s) (--xattrs keeps them, with rsync or tar).</source>
        <translation>
            <numerusform>{method} does not keep the extended attributes and ACLs of %n item (--xattrs keeps them, with rsync or tar).</numerusform>
            <numerusform>{method} does not keep the extended attributes and ACLs of %n items (--xattrs keeps them, with rsync or tar).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Updated: {unchanged} unchanged, {updated} updated, {new} new; %n item(s) newer at the destination left as they were.</source>
        <translation>
            <numerusform>Updated: {unchanged} unchanged, {updated} updated, {new} new; %n item newer at the destination left as it was.</numerusform>
            <numerusform>Updated: {unchanged} unchanged, {updated} updated, {new} new; %n items newer at the destination left as they were.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) were already at the destination, identical, and were not sent again.</source>
        <translation>
            <numerusform>%n item was already at the destination, identical, and was not sent again.</numerusform>
            <numerusform>%n items were already at the destination, identical, and were not sent again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) at the destination left as they were: {names}.</source>
        <translation>
            <numerusform>%n item at the destination left as it was: {names}.</numerusform>
            <numerusform>%n items at the destination left as they were: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) at the destination replaced.</source>
        <translation>
            <numerusform>%n item at the destination replaced.</numerusform>
            <numerusform>%n items at the destination replaced.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) the race had copied were not sent again</source>
        <translation>
            <numerusform>%n item the race had copied was not sent again</numerusform>
            <numerusform>%n items the race had copied were not sent again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) it had copied were not sent again</source>
        <translation>
            <numerusform>%n item it had copied was not sent again</numerusform>
            <numerusform>%n items it had copied were not sent again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) the race had cut short went on from where they stopped</source>
        <translation>
            <numerusform>%n file the race had cut short went on from where it stopped</numerusform>
            <numerusform>%n files the race had cut short went on from where they stopped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) it had cut short went on from where they stopped</source>
        <translation>
            <numerusform>%n file it had cut short went on from where it stopped</numerusform>
            <numerusform>%n files it had cut short went on from where they stopped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>... and %n more kept both the same way.</source>
        <translation>
            <numerusform>... and %n more kept both the same way.</numerusform>
            <numerusform>... and %n more kept both the same way.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %n folder(s) that earlier runs of Transfer Advisor left in {place} ({folders}).</source>
        <translation>
            <numerusform>Removed a folder that an earlier run of Transfer Advisor left in {place} ({folders}).</numerusform>
            <numerusform>Removed %n folders that earlier runs of Transfer Advisor left in {place} ({folders}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} and %n more</numerusform>
            <numerusform>{names} and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path} (a folder: %n file(s), {size})</source>
        <translation>
            <numerusform>{path} (a folder: %n file, {size})</numerusform>
            <numerusform>{path} (a folder: %n files, {size})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n item(s) at {where} that the selection does not have ({files}, {size}).</source>
        <translation>
            <numerusform>Deleted %n item at {where} that the selection does not have ({files}, {size}).</numerusform>
            <numerusform>Deleted %n items at {where} that the selection does not have ({files}, {size}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) were not deleted: they changed at the destination during the copy ({names}); run the mirror again to see them.</source>
        <translation>
            <numerusform>%n item was not deleted: it changed at the destination during the copy ({names}); run the mirror again to see them.</numerusform>
            <numerusform>%n items were not deleted: they changed at the destination during the copy ({names}); run the mirror again to see them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) of Transfer Advisor&apos;s own inside the copy&apos;s folders were left: {names}.</source>
        <translation>
            <numerusform>%n folder of Transfer Advisor&apos;s own inside the copy&apos;s folders was left: {names}.</numerusform>
            <numerusform>%n folders of Transfer Advisor&apos;s own inside the copy&apos;s folders were left: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would send %n item(s), {size}, to {destination} ({unchanged} unchanged, not sent again):</source>
        <translation>
            <numerusform>Would send %n item, {size}, to {destination} ({unchanged} unchanged, not sent again):</numerusform>
            <numerusform>Would send %n items, {size}, to {destination} ({unchanged} unchanged, not sent again):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would send %n item(s), {size}, to {destination}:</source>
        <translation>
            <numerusform>Would send %n item, {size}, to {destination}:</numerusform>
            <numerusform>Would send %n items, {size}, to {destination}:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would delete %n item(s) ({files}, {size}) that the selection does not have:</source>
        <translation>
            <numerusform>Would delete %n item ({files}, {size}) that the selection does not have:</numerusform>
            <numerusform>Would delete %n items ({files}, {size}) that the selection does not have:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Making {where} match the selection deletes %Ln item(s) there ({files}, {size}) that the selection does not have.</source>
        <translation>
            <numerusform>Making {where} match the selection deletes %Ln item there ({files}, {size}) that the selection does not have.</numerusform>
            <numerusform>Making {where} match the selection deletes %Ln items there ({files}, {size}) that the selection does not have.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) of this copy are already at {where} and differ.</source>
        <translation>
            <numerusform>%Ln item of this copy is already at {where} and differs.</numerusform>
            <numerusform>%Ln items of this copy are already at {where} and differ.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) identical to what is there will not be sent again.</source>
        <translation>
            <numerusform>%Ln item identical to what is there will not be sent again.</numerusform>
            <numerusform>%Ln items identical to what is there will not be sent again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message numerus="yes">
        <source>%n core(s), AES instructions</source>
        <translation>
            <numerusform>%n core, AES instructions</numerusform>
            <numerusform>%n cores, AES instructions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n core</numerusform>
            <numerusform>%n cores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{first} and %n more</source>
        <translation>
            <numerusform>{first} and %n more</numerusform>
            <numerusform>{first} and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The queue stopped at the copy that did not finish; %n copy(s) still waiting. Start the queue to go on, or remove them.</source>
        <translation>
            <numerusform>The queue stopped at the copy that did not finish; %n copy still waiting. Start the queue to go on, or remove them.</numerusform>
            <numerusform>The queue stopped at the copy that did not finish; %n copies still waiting. Start the queue to go on, or remove them.</numerusform>
        </translation>
    </message>
</context>
</TS>
