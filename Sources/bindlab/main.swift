// The bindlab executable: everything lives in the Shell library; this file
// only hands it the process.
import Shell

CLI.main()
